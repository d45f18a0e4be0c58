/// The wait story (`--story wait`): Rossio is empty; riders A, B, C each
/// want a bike and will wait for one; van V docks as many bikes as there
/// are riders, one at a time; waiting riders stand in one line, first in,
/// first out. Racy: a rider looks, then joins the line, as two steps, and
/// a dock wakes the head of the line, which looks again; a dock between a
/// look and a join wakes nobody. Safe: looking and joining are one step,
/// and a dock hands its bike to the head of the line. The rule: no rider
/// sleeps beside a free bike. Eras play it through `Era.wait` (`WaitStage`).
///
/// With `callsOff` (the tests' variant, not a `--story`), X (the app) also
/// calls off rider A at a moment the schedule chooses, and a rider whose
/// wait ends parks (`ride`) before it reads its call-off: chapter 09's
/// rule, that a rider called off while it waits leaves the line, and a
/// bike handed to it passes to the next rider.
public struct WaitPlot: StoryPlot {
  typealias Lanes = WaitLanes
  public let callsOff: Bool

  public init(callsOff: Bool = false) { self.callsOff = callsOff }

  public var name: String { callsOff ? "wait-call-off" : "wait" }
  public var summary: String { "riders wait at empty Rossio for van V's bikes\n(--riders 1 to 3)" }
  public var participant: (one: String, many: String) { ("rider", "riders") }
  /// Rossio: no free bike, a slot for each of 3 bikes.
  public let stations = [StationRecord.rossio(freeBikes: 0, emptySlots: 3)]
  public var points: [ProbePoint] { [.look, .wait, .dock] + (callsOff ? [.ride, .cancel] : []) }
  public var canGetStuck: Bool { false }

  /// The riders, then V (then X).
  public func participants(riders: Int) -> [Int] {
    Array(0..<riders) + [WaitStage.van] + (callsOff ? [CancelStage.caller] : [])
  }

  /// One rider is enough to sleep; three give tens of thousands of schedules.
  public var riderRange: ClosedRange<Int> { 1...3 }

  public func setting(riders: Int) -> String {
    "Rossio has no free bike and 3 empty slots. "
      + (riders == 1
        ? "Rider A wants a bike and will wait for one;"
        : "Riders \(Schedule.names(riders)) each want a bike and will wait for one, in one line;")
      + " van V docks \(riders == 1 ? "1 bike" : "\(riders) bikes"), one at a time."
      + (callsOff ? " X (the app) calls off A, at any moment." : "")
  }

  public func modes(for era: EraInfo) -> [Mode] { Mode.both }

  public func defaultModes(for era: EraInfo) -> [Mode] { Mode.both }

  public func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding { .none }

  public func play<E: Era>(_ era: E.Type, _ cast: StageCast) async -> [StationCounts] {
    await E.wait(WaitStage(cast))
  }

  /// Who rode (took a bike, or was handed one) and who slept to the end.
  public func result(
    ends: [StationCounts], audits: [StationAudit], events: [Event], stuck: ScriptedGate.Stuck?,
    finished: Bool
  ) -> StageResult {
    var rode = 0
    var sleepers: [Int] = []
    var stopped: [Int] = []
    for event in events {
      switch event {
      case .tookBike, .handed: rode += 1
      case .gaveBack: rode -= 1
      case .sleepsForEver(let rider, _, _): sleepers.append(rider)
      case .stopped(let rider, _): stopped.append(rider)
      default: break
      }
    }
    var result = outOfRange(ends: ends, audits: audits, served: rode, stuck: nil)
    result.sleepers = sleepers.sorted()
    result.stopped = stopped.sorted()
    return result
  }

  /// Every bike the van brought is with a rider that rode, or free at
  /// Rossio for a rider that never got it: as many free bikes as sleepers
  /// and riders called off.
  public func isConserved(_ result: StageResult) -> Bool {
    result.end.freeBikes == result.sleepers.count + result.stopped.count
  }

  /// A rider asleep at the end, or a bike lost or made up.
  public func isForbidden(_ result: StageResult) -> Bool {
    !result.sleepers.isEmpty || !isConserved(result) || result.lowest.freeBikes < 0
  }

  public func brokenRule(_ result: StageResult) -> String? {
    guard !result.sleepers.isEmpty else { return nil }
    return Self.sleep(result.sleepers)
  }

  /// "A sleeps for ever beside a free bike", "A and B sleep for ever beside free bikes".
  static func sleep(_ sleepers: [Int]) -> String {
    sleepers.count == 1
      ? "\(Schedule.name(sleepers[0])) sleeps for ever beside a free bike"
      : "\(Schedule.names(of: sleepers)) sleep for ever beside free bikes"
  }

  /// "every rider rode", or who sleeps.
  static func outcome(_ result: StageResult, riders: Int) -> String {
    guard result.sleepers.isEmpty else { return sleep(result.sleepers) }
    return riders == 1 ? "A rode" : "every rider rode"
  }

  public func describe(_ result: StageResult, riders: Int) -> String {
    "\(Self.outcome(result, riders: riders)) · end \(station.name) \(result.end)"
  }

  /// Every rider looks and finds nothing, then the van docks every bike:
  /// racy, before anyone has joined the line (each wake-up lost), then the
  /// riders join; safe, each dock hands its bike to the head of the line.
  public func script(_ mode: Mode, riders: Int) -> (schedule: Schedule, continues: Bool) {
    let looks = (0..<riders).map { ScriptedGate.Step($0, .look) }
    let docks = (0..<riders).map { _ in ScriptedGate.Step(WaitStage.van, .dock) }
    let waits = mode.isFix ? [] : (0..<riders).map { ScriptedGate.Step($0, .wait) }
    return (Schedule(looks + docks + waits), false)
  }

  public func scriptLine(_ mode: Mode, riders: Int, own: OwnMode?) -> String {
    let schedule = script(mode, riders: riders).schedule
    return "Script: \(schedule) (every rider looks, then V docks every bike"
      + (mode.isFix ? ")." : ", then the riders join the line).")
  }

  public func footer(_ run: StageRun) -> [String] {
    if let failure = run.failure { return ["Replay failed: \(failure)"] }
    let end = "\(station.name) \(run.result.end)"
    guard run.result.sleepers.isEmpty else {
      return ["Result: \(end). \(Self.sleep(run.result.sleepers)): a wake-up was lost."]
    }
    return ["Result: \(end); \(Self.outcome(run.result, riders: run.riders)), nobody sleeps."]
  }

  public func goal(era: EraInfo) -> String {
    "Goal: leave a rider asleep beside a free bike (? for the rules)."
  }

  public func place(_ point: ProbePoint, mode: Mode, era: EraInfo) -> String? {
    switch point {
    case .look:
      mode.isFix
        ? "about to look for a bike, and join the line if there is none"
        : "about to look for a free bike"
    case .wait: "saw no bike, about to join the line and sleep"
    case .dock:
      mode.isFix
        ? "the van, about to hand a bike to the head of the line (or dock it)"
        : "the van, about to dock a bike and wake the head of the line"
    case .ride: "its wait is over, about to read its call-off"
    case .cancel: "X (the app), about to call off A"
    case .arrive, .raceWindow, .hold, .ask, .take: nil
    }
  }

  public func rules(mode: Mode) -> String {
    """
    Rules: each rider looks for a free bike at Rossio (look) and takes it if there is one; \
    otherwise it joins the line and sleeps (\(mode.isFix ? "in the same step" : "wait")). \
    Van V docks one bike a step (dock) and \(mode.isFix ? "hands it to" : "wakes") the head of \
    the line. Type a letter to let \
    that rider's (or V's) next step go. You win when a rider sleeps beside a free bike.
    """
  }

  public var hints: (racy: String, safe: String) {
    (
      racy: "Hint: let a rider look, then dock before it joins the line.",
      safe: "Hint: in safe mode a rider looks and joins the line in one step."
    )
  }

  public func safeLesson(era: EraInfo, riders: Int) -> String {
    "No schedule can win in safe mode: a rider looks and joins the line in one step, and a dock\n"
      + "hands its bike to the head of the line, so nobody sleeps beside a free bike. That is the fix."
  }

  /// How long riders waited in the line, and who barged (`stress`).
  public func lineTimes(_ log: EventLog) -> LineTimes? { LineTimes(log.timed) }

  /// A rider asleep once the run is over.
  public func broken(_ events: [Event]) -> String? {
    let sleepers = events.compactMap { event -> Int? in
      guard case .sleepsForEver(let rider, _, _) = event else { return nil }
      return rider
    }
    return sleepers.isEmpty ? nil : Self.sleep(sleepers.sorted())
  }

  public var noWin: String {
    "Every rider rode and nobody sleeps: try again (u, r)."
  }
}

extension Story {
  /// Riders wait at an empty station for the van's bikes: does anyone sleep for ever?
  public static let wait = Story(WaitPlot())
  /// The tests' variant of `wait`: X calls off rider A at any moment.
  public static let waitCallOff = Story(WaitPlot(callsOff: true))
}
