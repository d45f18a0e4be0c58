/// The order story (`--story order`): Rossio has 1 free bike, and riders A,
/// B, C, D ask the app for it in that order. The app's code is one
/// sequence, so B asks only after A has asked; each request then travels
/// to Rossio the way its era sends work, and there takes the bike if it is
/// still free (the era's safe take). First come, first served is the rule:
/// a rider that gets the bike while one who asked before it has not been
/// served breaks it. Eras play it through `Era.order` (`OrderStage`).
public struct OrderPlot: StoryPlot {
  typealias Lanes = OrderLanes
  public var name: String { "order" }
  public var summary: String { "riders ask the app for one bike, in turn\n(--riders 1 to 4)" }
  public var participant: (one: String, many: String) { ("rider", "riders") }
  /// Rossio: 1 free bike, no empty slot.
  public let stations = [StationRecord.rossio(freeBikes: 1, emptySlots: 0)]
  public var points: [ProbePoint] { [.ask, .take] }
  public var canGetStuck: Bool { false }

  /// One rider is enough to ask.
  public var riderRange: ClosedRange<Int> { 1...4 }

  /// The actors era's order shapes (`Jobs/OrderShapes.swift`) send requests
  /// to one station.
  public var exploresJobs: Bool { true }

  public func setting(riders: Int) -> String {
    "Rossio has 1 free bike and no empty slot. "
      + (riders == 1
        ? "Rider A asks the app for it;"
        : "Riders \(Schedule.names(riders)) ask the app for it, in that order;")
      + " each request then travels to Rossio, and takes the bike if it is still there."
  }

  public func modes(for era: EraInfo) -> [Mode] { Mode.both }

  public func defaultModes(for era: EraInfo) -> [Mode] { Mode.both }

  /// Racy: the app asks in order, and the requests go as they like. Safe:
  /// they reach Rossio in the order asked.
  public func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding {
    mode.isFix ? .servedInOrder : .asksInOrder
  }

  public func play<E: Era>(_ era: E.Type, _ cast: StageCast) async -> [StationCounts] {
    await E.order(OrderStage(cast))
  }

  /// Who got the bike, and the first rider that had asked before it. With
  /// one bike, a rider that asked earlier cannot have been served before
  /// the holder took it (it would have found the bike), so every earlier
  /// asker was still waiting: the logs' order of the turned-away riders,
  /// which the real runtime does not keep, does not matter.
  static func firstCome(_ events: [Event]) -> (holder: Int, askedFirst: Int?)? {
    var asked: [Int] = []
    for event in events {
      switch event {
      case .asked(let rider, _): asked.append(rider)
      case .tookBike(let rider, _, _): return (rider, asked.prefix { $0 != rider }.first)
      default: break
      }
    }
    return nil
  }

  public func result(
    ends: [StationCounts], audits: [StationAudit], events: [Event], stuck: ScriptedGate.Stuck?,
    finished: Bool
  ) -> StageResult {
    let first = Self.firstCome(events)
    var result = outOfRange(
      ends: ends, audits: audits, served: first == nil ? 0 : 1, stuck: nil)
    result.holder = first?.holder
    result.askedFirst = first?.askedFirst
    return result
  }

  /// The bike is at Rossio, or with the one rider that took it.
  public func isConserved(_ result: StageResult) -> Bool {
    result.end.freeBikes + result.served == station.freeBikes
  }

  /// Served out of the order asked, or a bike lost or made up.
  public func isForbidden(_ result: StageResult) -> Bool {
    result.askedFirst != nil || !isConserved(result)
  }

  /// First come, first served, broken: the atlas's verdict.
  public func brokenRule(_ result: StageResult) -> String? {
    guard let holder = result.holder, let first = result.askedFirst else { return nil }
    return "first come, first served broken: \(Schedule.name(holder))'s request reached"
      + " \(station.name) before \(Schedule.name(first))'s, which was asked first"
  }

  /// "B got the bike, though A asked first".
  static func outcome(_ result: StageResult) -> String {
    guard let holder = result.holder else { return "nobody got the bike" }
    guard let first = result.askedFirst else {
      return "\(Schedule.name(holder)) got the bike, the first to ask"
    }
    return "\(Schedule.name(holder)) got the bike, though \(Schedule.name(first)) asked first"
  }

  public func describe(_ result: StageResult, riders: Int) -> String {
    "\(Self.outcome(result)) · end \(station.name) \(result.end)"
  }

  /// The app asks for everyone; then racy's requests reach Rossio last
  /// asked first, safe's in the order asked.
  public func script(_ mode: Mode, riders: Int) -> (schedule: Schedule, continues: Bool) {
    let asks = (0..<riders).map { ScriptedGate.Step($0, .ask) }
    let takes = (0..<riders).map { ScriptedGate.Step($0, .take) }
    return (Schedule(asks + (mode.isFix ? takes : takes.reversed())), false)
  }

  public func scriptLine(_ mode: Mode, riders: Int, own: OwnMode?) -> String {
    let schedule = script(mode, riders: riders).schedule
    guard riders > 1 else { return "Script: \(schedule)." }
    return "Script: \(schedule) (the app asks for each in turn; the requests reach Rossio"
      + (mode.isFix ? " in the order asked)." : " last asked first).")
  }

  public func footer(_ run: StageRun) -> [String] {
    if let failure = run.failure { return ["Replay failed: \(failure)"] }
    let end = "\(station.name) \(run.result.end)"
    guard run.result.askedFirst == nil else {
      return ["Result: \(end). \(Self.outcome(run.result)): served out of the order asked."]
    }
    return ["Result: \(end); \(Self.outcome(run.result)): served in the order asked."]
  }

  public func goal(era: EraInfo) -> String {
    "Goal: make a rider get the bike though another asked first (? for the rules)."
  }

  public func place(_ point: ProbePoint, mode: Mode, era: EraInfo) -> String? {
    switch point {
    case .ask:
      "in the app, its request about to be sent (\(mode.isFix ? era.places.ordered : era.places.sends))"
    case .take: "its request sent, about to reach Rossio and take the bike"
    case .arrive, .raceWindow, .hold, .ride, .cancel, .look, .wait, .dock: nil
    }
  }

  public func rules(mode: Mode) -> String {
    """
    Rules: the app sends each rider's request in turn, A's first (ask); each request then \
    reaches Rossio (take), where it takes the bike if it is still there. Type a letter to \
    let that rider's next step go. You win when a rider gets the bike though another asked \
    first.
    """
  }

  public var hints: (racy: String, safe: String) {
    (
      racy: "Hint: let the app send two requests before either reaches Rossio.",
      safe: "Hint: in safe mode a request waits in line behind every request asked before it."
    )
  }

  public func safeLesson(era: EraInfo, riders: Int) -> String {
    "No schedule can win in safe mode: the requests reach Rossio through \(era.places.ordered),\n"
      + "in the order the app sent them, so the first to ask is the first served. That is the fix."
  }

  /// The order is broken the moment the bike goes to a later asker.
  public func broken(_ events: [Event]) -> String? {
    guard let first = Self.firstCome(events), let earlier = first.askedFirst else { return nil }
    return
      "\(Schedule.name(first.holder)) got the bike, though \(Schedule.name(earlier)) asked first"
  }

  public var noWin: String {
    "Every request was served in the order asked: try again (u, r)."
  }
}

extension Story {
  /// Riders ask the app for one bike, one after another: who gets it?
  public static let order = Story(OrderPlot())
}
