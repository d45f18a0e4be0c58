/// The transfer (`--story transfer`): Rossio and Chiado, and vans that each
/// move one bike from one to the other as one transfer. Holding both
/// stations is the first fix people reach for; held in two orders, it
/// deadlocks. Eras play it through `Era.transfer` (`TransferStage`).
public struct TransferPlot: Plot {
  public var name: String { "transfer" }
  /// (A line break where `--help` should break.)
  public var summary: String {
    "vans move a bike between two stations\n(--mode racy|nested|safe|backoff)"
  }
  public var participant: (one: String, many: String) { ("van", "vans") }
  /// Rossio (X) and Chiado (Y), 1 free bike and 1 empty slot each. Their
  /// ids sort Rossio first: the one global order of the safe vans.
  public let stations = [
    StationRecord.rossio(freeBikes: 1, emptySlots: 1),
    .chiado(freeBikes: 1, emptySlots: 1),
  ]
  public var points: [ProbePoint] { [.arrive, .raceWindow, .hold] }
  public var canGetStuck: Bool { true }

  public func setting(riders: Int) -> String {
    let (x, y) = (stations[0].name, stations[1].name)
    let vans = (0..<riders).map { van in
      let (from, to) = TransferStage.route(van)
      return "\(Schedule.name(van)) \(stations[from].name)→\(stations[to].name)"
    }
    return "\(x) and \(y) have 1 free bike and 1 empty slot each; vans move one bike each:"
      + " \(vans.joined(separator: ", "))."
  }

  /// The race, the natural first fix, the era's fix, and (where a station
  /// can really be held) back-off.
  public func modes(for era: EraInfo) -> [Mode] { Mode.transfer(holdsStations: era.holdsStations) }

  public func defaultModes(for era: EraInfo) -> [Mode] { modes(for: era) }

  /// In an era whose stations can be held (not actors), `nested` and `safe`
  /// wait for a held station and `backoff` tries it.
  public func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding {
    guard era.holdsStations else { return .none }
    switch mode {
    case .nested, .safe: return .waits
    case .backoff: return .tries
    default: return .none
    }
  }

  public func play<E: Era>(_ era: E.Type, _ cast: StageCast) async -> [StationCounts] {
    await E.transfer(
      TransferStage(
        mode: cast.mode, stations: cast.stations, audits: cast.audits, vans: cast.riders,
        probe: cast.probe, blockingProbe: cast.blockingProbe, log: cast.log,
        configuration: cast.configuration))
  }

  /// The vans that docked their bike are the ones that moved, and the
  /// extremes are kept only as far as an outcome cares (below 0, above the
  /// capacity), so that two runs whose counts dipped differently within
  /// range end alike.
  public func result(
    ends: [StationCounts], audits: [StationAudit], events: [Event], stuck: ScriptedGate.Stuck?,
    finished: Bool
  ) -> StageResult {
    let moved = events.filter {
      if case .leftBike = $0 { return true }
      return false
    }.count
    return outOfRange(ends: ends, audits: audits, served: moved, stuck: stuck)
  }

  /// A van carries its bike only within its transfer, and every van ends.
  public func isConserved(_ result: StageResult) -> Bool {
    let start = stations.reduce(0) { $0 + $1.freeBikes }
    return result.ends.reduce(0) { $0 + $1.freeBikes } == start
  }

  public func describe(_ result: StageResult, riders: Int) -> String {
    let counts = zip(stations.map(\.name), result.ends).map { "\($0) \($1)" }
      .joined(separator: "; ")
    var what: String
    switch result.stuck {
    case .deadlock(let cycle)?: what = "deadlock: \(cycle)"
    case .livelock(let steps)?: what = "livelock: \(steps), again and again"
    case nil: what = "\(result.served) moved, \(riders - result.served) turned away"
    }
    // Free bikes and empty slots sum to the capacity: one below 0 is the
    // other above it.
    for (station, low) in zip(stations, result.lowests) {
      if low.freeBikes < 0 { what += ", \(station.name) free \(low.freeBikes)" }
      if low.emptySlots < 0 { what += ", \(station.name) empty \(low.emptySlots)" }
    }
    if !isConserved(result) { what += ", a bike lost or made up" }
    return "\(what) · end \(counts)"
  }

  /// A and B arrive in turn and the rest follows without a switch. In
  /// `nested` that is the deadlock: A holds Rossio, B holds Chiado, and each
  /// waits for the other. Safe: A arrives first (B would wait for the
  /// station A holds). Racy: every van checks, then the last to check
  /// moves first.
  public func script(_ mode: Mode, riders: Int) -> (schedule: Schedule, continues: Bool) {
    let arrivals = (0..<riders).map { ScriptedGate.Step($0, .arrive) }
    switch mode {
    case .safe: return (Schedule([arrivals[0]]), true)
    case .racy:
      return (
        Schedule(arrivals + (0..<riders).reversed().map { ScriptedGate.Step($0, .raceWindow) }),
        true
      )
    default:
      // A and B only: with three vans or four, C could not arrive (A holds
      // its Rossio) and the script would ask for a step the gate cannot give.
      return (Schedule(Array(arrivals.prefix(2))), true)
    }
  }

  public func scriptLine(_ mode: Mode, riders: Int, own: OwnMode?) -> String {
    "Script: \(script(mode, riders: riders).schedule), then on without a switch."
  }

  /// The stations, and a deadlock or livelock if the vans got stuck.
  public func footer(_ run: StageRun) -> [String] {
    let counts = zip(stations.map(\.name), run.result.ends).map { "\($0) \($1)" }
      .joined(separator: "; ")
    if let failure = run.failure { return ["Replay failed: \(failure)"] }
    var lines: [String] = []
    switch run.result.stuck {
    case .deadlock(let cycle)?:
      lines.append("Deadlock: \(cycle).")
      lines.append(
        "No van can go on: each waits for a station another holds. (The gate let them go"
          + " instead of leaving their threads waiting for ever.)")
    case .livelock(let steps)?:
      lines.append("Livelock: \(steps), and round again: back where it started, nothing moved.")
    case nil: break
    }
    let moved = "\(run.result.served) moved, \(run.riders - run.result.served) did not"
    lines.append("Result: \(counts); \(moved).")
    if !run.violations.isEmpty {
      lines.append("Violations: " + run.violations.map(\.description).joined(separator: "; ") + ".")
    }
    return lines
  }

  public func goal(era: EraInfo) -> String {
    let capacity = station.capacity
    return era.holdsStations
      ? "Goal: make the vans deadlock, or make a counter leave 0...\(capacity) (? for the rules)."
      : "Goal: make a counter leave 0...\(capacity): it takes two vans going the same way (A and"
        + " C,\n--riders 3). The vans cannot deadlock here: an actor is never held, so no van waits"
        + " for\nanother (? for the rules)."
  }

  public func place(_ point: ProbePoint, mode: Mode, era: EraInfo) -> String? {
    let holds = holding(mode, era: era) != .none
    switch point {
    case .arrive:
      return holds ? "about to take hold of its first station" : "at its source, about to check"
    case .hold:
      return holds
        ? "holds its first station, about to take the second" : "has checked, away from its source"
    case .raceWindow, .ride, .cancel, .ask, .take, .look, .wait, .dock: return nil
    }
  }

  public func rules(mode: Mode) -> String {
    """
    Rules: each van stops at its probe points: before it takes hold of its first station \
    (arrive), and, holding it, before it takes the second (hold); in racy mode it checks \
    both, then stops before it moves (window). Type a van's letter to let it go on. A van \
    that waits for a station another van holds cannot go; if no van can go, the vans are \
    deadlocked, and you win. You also win when a counter leaves its range.
    """
  }

  public func hint(_ enabled: [ScriptedGate.Step], mode: Mode) -> String {
    switch mode {
    case .safe: "Hint: in safe mode every van takes the stations in one order."
    case .nested:
      "Hint: let each van take hold of its first station before any takes its second (where"
        + " vans hold stations; among actors, let A and C both check before either moves)."
    case .backoff:
      "Hint: let A hold Rossio and B hold Chiado, then let one try, let go and try again."
    default: "Hint: two vans going the same way (A and C) both check before either moves."
    }
  }

  public func safeLesson(era: EraInfo, riders: Int) -> String {
    era.holdsStations
      ? "No schedule can win in safe mode: every van takes hold of Rossio before Chiado,\n"
        + "so no van can hold one while another holds the other and waits for it. That is the fix."
      : "No schedule can win in safe mode: a van keeps its slot, then takes its bike, each in\n"
        + "one actor call, and never waits for one actor while it is inside another. That is the fix."
  }

  public var noWin: String {
    "Every van is done, every counter stayed in range and no van got stuck: try again (u, r)."
  }
}

extension Story {
  /// Two stations, and vans that each move one bike from one to the other.
  public static let transfer = Story(TransferPlot())
}
