/// The cancel story (`--story cancel`): riders on foot at Rossio, one bike
/// for whoever asks first, a ride to Chiado, and X, the app, which calls off
/// rider A at a moment the schedule chooses. In every era cancelling only
/// asks: a rider called off while it holds the bike stops and, unless its
/// code gives the bike back first, takes it along (stranded). Eras play it
/// through `Era.cancel` (`CancelStage`).
public struct CancelPlot: StoryPlot {
  typealias Lanes = CancelLanes
  public var name: String { "cancel" }
  public var summary: String { "X (the app) calls off rider A\n(--riders 1 to 4)" }
  public var participant: (one: String, many: String) { ("rider", "riders") }
  /// Rossio: 1 free bike, no empty slot. Chiado: a slot for each of 4 riders.
  public let stations = [
    StationRecord.rossio(freeBikes: 1, emptySlots: 0), .chiado(freeBikes: 0, emptySlots: 4),
  ]
  public var points: [ProbePoint] { [.arrive, .ride, .cancel] }
  public var canGetStuck: Bool { false }

  /// The riders, then X.
  public func participants(riders: Int) -> [Int] { Array(0..<riders) + [CancelStage.caller] }

  /// One rider is enough to be called off.
  public var riderRange: ClosedRange<Int> { 1...4 }

  public func setting(riders: Int) -> String {
    "Rossio has 1 free bike and no empty slot; Chiado has 4 empty slots."
      + (riders == 1
        ? " Rider A arrives on foot at Rossio, and if it gets the bike rides it to Chiado;"
        : " Riders \(Schedule.names(riders)) arrive on foot at Rossio, and whoever gets the bike"
          + " rides it to Chiado;")
      + " X (the app) calls off A, at any moment."
  }

  public func modes(for era: EraInfo) -> [Mode] { Mode.both }

  public func defaultModes(for era: EraInfo) -> [Mode] { Mode.both }

  public func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding { .none }

  public func play<E: Era>(_ era: E.Type, _ cast: StageCast) async -> [StationCounts] {
    await E.cancel(CancelStage(cast))
  }

  /// The riders that docked at Chiado are the ones that rode; the extremes
  /// are kept only as far as an outcome cares (out of range), as the transfer's.
  public func result(
    ends: [StationCounts], audits: [StationAudit], events: [Event], stuck: ScriptedGate.Stuck?,
    finished: Bool
  ) -> StageResult {
    let chiado = stations[1].name
    let rode = events.filter {
      if case .leftBike(_, let station, _) = $0 { return station == chiado }
      return false
    }.count
    return outOfRange(ends: ends, audits: audits, served: rode, stuck: nil)
  }

  /// Every bike is in a station at the end: none left with a rider that stopped.
  public func isConserved(_ result: StageResult) -> Bool {
    stranded(result) == 0
  }

  /// Bikes in no station at the end: held by a rider that stopped.
  public func stranded(_ result: StageResult) -> Int {
    stations.reduce(0) { $0 + $1.freeBikes } - result.ends.reduce(0) { $0 + $1.freeBikes }
  }

  public func describe(_ result: StageResult, riders: Int) -> String {
    let counts = zip(stations.map(\.name), result.ends).map { "\($0) \($1)" }
      .joined(separator: "; ")
    let what =
      stranded(result) > 0
      ? "A stopped holding the bike: stranded"
      : result.served > 0 ? "1 rode to Chiado" : "nobody rode: the bike is at Rossio"
    return "\(what) · end \(counts)"
  }

  /// A takes the bike, X calls it off during its leg, and the rest follows.
  public func script(_ mode: Mode, riders: Int) -> (schedule: Schedule, continues: Bool) {
    (
      Schedule([
        ScriptedGate.Step(0, .arrive), ScriptedGate.Step(CancelStage.caller, .cancel),
        ScriptedGate.Step(0, .ride),
      ]), true
    )
  }

  public func scriptLine(_ mode: Mode, riders: Int, own: OwnMode?) -> String {
    "Script: \(script(mode, riders: riders).schedule) (X calls off A during its ride),"
      + " then on without a switch."
  }

  public func footer(_ run: StageRun) -> [String] {
    if let failure = run.failure { return ["Replay failed: \(failure)"] }
    let counts = zip(stations.map(\.name), run.result.ends).map { "\($0) \($1)" }
      .joined(separator: "; ")
    guard stranded(run.result) == 0 else {
      return [
        "Result: \(counts). A stopped holding the bike: stranded (in no station, and nobody"
          + " will bring it back)."
      ]
    }
    let rode = run.result.served > 0 ? "1 rode to Chiado" : "nobody rode"
    return ["Result: \(counts); \(rode), and every bike is in a station."]
  }

  public func goal(era: EraInfo) -> String {
    "Goal: call off A when it hurts: make A stop holding the bike (? for the rules)."
  }

  public func place(_ point: ProbePoint, mode: Mode, era: EraInfo) -> String? {
    switch point {
    case .arrive: "at Rossio, about to look at its call-off and ask for the bike"
    case .ride: "riding the bike to Chiado, at the end of its leg"
    case .cancel: "the app, about to call off A"
    case .raceWindow, .hold, .ask, .take, .look, .wait, .dock: nil
    }
  }

  public func rules(mode: Mode) -> String {
    """
    Rules: each rider stops at Rossio before it asks for the bike (arrive) and, if it got \
    it, at the end of its leg to Chiado (ride). X, the app, has one step: it calls off A \
    (cancel). Type a letter to let that one go on. A rider that finds itself called off \
    stops; you win when A stops holding the bike.
    """
  }

  public var hints: (racy: String, safe: String) {
    (
      racy: "Hint: let A take the bike, then call it off (X) before its leg ends.",
      safe: "Hint: in safe mode a rider called off with the bike docks it back at Rossio first."
    )
  }

  public func safeLesson(era: EraInfo, riders: Int) -> String {
    "No schedule can win in safe mode: a rider called off while it holds the bike docks it\n"
      + "back at Rossio before it stops, with nothing on the way a call-off can skip. That is the fix."
  }

  /// The only way a bike leaves the stations here.
  public var notConserved: String { "A stopped holding the bike: stranded" }

  /// A rider stopped holding the bike: won at once, whoever is left.
  public func broken(_ events: [Event]) -> String? {
    for case .stopped(let rider, true) in events {
      return "\(Schedule.name(rider)) stopped holding the bike: stranded"
    }
    return nil
  }

  public var noWin: String {
    "Every rider is done and every bike is in a station: try again (u, r)."
  }
}

extension Story {
  /// Riders go for one bike while X calls off rider A.
  public static let cancel = Story(CancelPlot())
}
