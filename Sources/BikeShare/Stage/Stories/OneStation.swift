/// The one-station stories: one station and a few riders, each making one
/// visit, all wanting the same thing. `slot` is the README's story (riders
/// arrive by bike, one empty slot); `bike` its mirror (riders on foot, one
/// free bike). Eras play them through `Era.replay`.
public struct OneStationPlot: Plot {
  public let name: String
  /// What every rider wants.
  public let want: Want
  public let summary: String
  public let stations: [StationRecord]
  public var participant: (one: String, many: String) { ("rider", "riders") }
  public var points: [ProbePoint] { [.arrive, .raceWindow] }
  public var canGetStuck: Bool { false }
  /// The actors era's job shapes are visits to one station.
  public var exploresJobs: Bool { true }

  /// Riders that dock (slot) or take a bike: the room the story has for them.
  var room: Int { want == .emptySlot ? station.emptySlots : station.freeBikes }
  /// "leave" or "take": what a rider does when its check said yes.
  var act: String { want == .emptySlot ? "leave" : "take" }

  public func setting(riders: Int) -> String {
    let s = station
    let arrive = want == .emptySlot ? "arrive by bike" : "arrive on foot"
    return "\(s.name) has \(s.freeBikes) free bike\(s.freeBikes == 1 ? "" : "s") and"
      + " \(s.emptySlots) empty slot\(s.emptySlots == 1 ? "" : "s");"
      + " riders \(Schedule.names(riders)) \(arrive)."
  }

  /// The race, the era's own modes, the fix.
  public func modes(for era: EraInfo) -> [Mode] {
    [.racy] + era.ownModes.map(\.mode) + [.safe]
  }

  public func defaultModes(for era: EraInfo) -> [Mode] { Mode.both }

  public func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding { .none }

  public func play<E: Era>(_ era: E.Type, _ cast: StageCast) async -> [StationCounts] {
    [
      await E.replay(
        ReplayStage(
          mode: cast.mode, station: station, audit: cast.audits[0], riders: cast.riders,
          want: want, probe: cast.probe, blockingProbe: cast.blockingProbe, log: cast.log,
          configuration: cast.configuration))
    ]
  }

  public func result(
    ends: [StationCounts], audits: [StationAudit], events: [Event], stuck: ScriptedGate.Stuck?,
    finished: Bool
  ) -> StageResult {
    let served = finished ? events.filter(\.isTakeOrLeave).count : 0
    return StageResult(
      end: ends[0], lowest: audits[0].lowest, highest: audits[0].highest, served: served)
  }

  public func isConserved(_ result: StageResult) -> Bool {
    conserves(result.end, served: result.served)
  }

  /// The station's free bikes are what the served riders left them.
  func conserves(_ now: StationCounts, served: Int) -> Bool {
    now.freeBikes == station.freeBikes + (want == .emptySlot ? served : -served)
  }

  public func describe(_ result: StageResult, riders: Int) -> String {
    let served = result.served
    var what =
      switch want {
      case .emptySlot where served > room: "\(served) docked into \(room) slot"
      case .bike where served > room: "\(served) took \(room) bike"
      case .emptySlot: "\(served) docked, \(riders - served) rode on"
      case .bike: "\(served) took a bike, \(riders - served) walked on"
      }
    if !isConserved(result) { what += ", a bike lost or made up" }
    return "\(what) · end \(result.end)"
  }

  /// Everybody arrives in turn, then (racy) everybody acts, the last to
  /// arrive first.
  public func script(_ mode: Mode, riders: Int) -> (schedule: Schedule, continues: Bool) {
    let arrivals = (0..<riders).map { ScriptedGate.Step($0, .arrive) }
    let windows = (0..<riders).reversed().map { ScriptedGate.Step($0, .raceWindow) }
    return (Schedule(mode.isFix ? arrivals : arrivals + windows), false)
  }

  public func scriptLine(_ mode: Mode, riders: Int, own: OwnMode?) -> String {
    guard riders == 2 else { return "Script: \(script(mode, riders: riders).schedule)" }
    return own?.script.map { "\($0) B \(act)s, A \(act)s." }
      ?? (mode.isFix
        ? "Script: A goes first, then B; each check-and-\(act) is one step."
        : "Script: A checks, B checks, B \(act)s, A \(act)s (the probe holds each rider).")
  }

  public func footer(_ run: StageRun) -> [String] {
    let end = run.end
    let counter = want == .emptySlot ? "empty slots" : "free bikes"
    let lowest = want == .emptySlot ? run.lowest.emptySlots : run.lowest.freeBikes
    if let failure = run.failure { return ["Replay failed: \(failure)"] }
    if run.violations.isEmpty {
      return [
        "Result: \(end); \(counter) never went below \(lowest)."
          + (run.mode.isFix ? " The fix holds." : " This schedule does not show the race.")
      ]
    }
    let who =
      run.riders == 2
      ? "Both riders checked before either acted"
      : "Riders acted on checks made before others acted"
    return [
      run.mode.isFix
        ? "Result: \(end). The fix is broken: a counter left its range."
        : "Result: \(end). \(who).",
      "Violations: " + run.violations.map(\.description).joined(separator: "; ") + ".",
    ]
  }

  public func goal(era: EraInfo) -> String {
    "Goal: make a counter leave 0...\(station.capacity) (type ? for the rules)."
  }

  public func place(_ point: ProbePoint, mode: Mode, era: EraInfo) -> String? {
    point == .arrive ? "at the station, about to check" : nil
  }

  public func rules(mode: Mode) -> String {
    """
    Rules: each rider stops at its probe points: "at the station" before it checks, and, \
    in racy mode, "in the race window" after its check said yes and before it acts. Type \
    a rider's letter to let it go on to its next stop. You win when a counter leaves its \
    range: two riders \(want == .emptySlot ? "dock into one slot" : "take one bike").
    """
  }

  public func hint(_ enabled: [ScriptedGate.Step], mode: Mode) -> String {
    if mode.isFix { return "Hint: in safe mode there is no window; check and act are one step." }
    let waiting = enabled.filter { $0.point == .raceWindow }
    let arriving = enabled.filter { $0.point == .arrive }
    if let first = waiting.first, let other = arriving.first {
      return "Hint: \(Schedule.name(first.rider)) has checked and waits in its window;"
        + " let \(Schedule.name(other.rider)) check now."
    }
    if waiting.isEmpty, let first = arriving.first {
      return "Hint: let \(Schedule.name(first.rider)) check first: it stops in its window."
    }
    return "Hint: the window is open; whoever acts second acts on a stale check."
  }

  /// (No count of schedules here: the workshop asks for it later, chapter 07.)
  public func safeLesson(era: EraInfo, riders: Int) -> String {
    "No schedule can win in safe mode: each rider checks and acts in one step,\n"
      + "so no other rider can come between them. That is the fix."
  }

  public var noWin: String {
    "Every rider is done and every counter stayed in range: this schedule does not"
      + " open the window. Try again (u, r)."
  }
}

extension Story {
  /// The README's story: riders arrive by bike, and there is one empty slot.
  public static let slot = Story(
    OneStationPlot(
      name: "slot", want: .emptySlot, summary: "riders arrive by bike, one empty slot",
      stations: [StationRecord(id: "replay", name: "Rossio", freeBikes: 5, emptySlots: 1)]))

  /// Riders arrive on foot, and there is one free bike.
  public static let bike = Story(
    OneStationPlot(
      name: "bike", want: .bike, summary: "riders on foot, one free bike",
      stations: [StationRecord(id: "replay", name: "Rossio", freeBikes: 1, emptySlots: 5)]))

  /// The stories of one station and riders.
  public static var oneStation: [Story] { told(as: OneStationPlot.self) }
}
