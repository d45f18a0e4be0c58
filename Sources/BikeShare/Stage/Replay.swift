/// One play of the stage through a scripted gate: what `replay` prints, and
/// what `explore` runs once per schedule.
public struct StageRun: Sendable {
  public let mode: Mode
  public let story: Story
  public let riders: Int
  /// The log, one line per step, in the order they happened.
  public let steps: [String]
  /// The same steps as events (for swimlanes).
  public let events: [Event]
  /// Every choice the gate made: the schedule actually played.
  public let trace: [ScriptedGate.Decision]
  public let result: StageResult
  public let violations: [Violation]
  /// Set if the riders did not follow the schedule.
  public let failure: String?

  public var end: StationCounts { result.end }
  public var lowest: StationCounts { result.lowest }
  public var schedule: Schedule { Schedule(trace.map(\.chosen)) }
  /// Preemptions: a rider that could have gone on was made to wait.
  public var switches: Int { trace.filter(\.isSwitch).count }
  public var isForbidden: Bool { result.isForbidden(story) }
  public var expectation: Expectation { result.expectation(story) }
}

/// What a play of the stage ended with: the counts, the extremes the audit
/// saw, how many riders got what they wanted, and whether the vans got
/// stuck. Schedules that end alike are one outcome.
public struct StageResult: Sendable, Hashable {
  /// Per station, in the story's order.
  public let ends: [StationCounts]
  public let lowests: [StationCounts]
  public let highests: [StationCounts]
  /// Riders who docked (slot story) or took a bike (bike story); vans that
  /// moved their bike (transfer).
  public let served: Int
  /// The transfer stage: the vans deadlocked or livelocked.
  public let stuck: ScriptedGate.Stuck?

  public init(end: StationCounts, lowest: StationCounts, highest: StationCounts, served: Int) {
    self.init(ends: [end], lowests: [lowest], highests: [highest], served: served, stuck: nil)
  }

  public init(
    ends: [StationCounts], lowests: [StationCounts], highests: [StationCounts], served: Int,
    stuck: ScriptedGate.Stuck?
  ) {
    self.ends = ends
    self.lowests = lowests
    self.highests = highests
    self.served = served
    self.stuck = stuck
  }

  /// A deadlock's wait-for cycle, or a livelock's round; nil if the run ended.
  public var cycle: String? {
    switch stuck {
    case .deadlock(let waits)?: waits
    case .livelock(let round)?: round
    case nil: nil
    }
  }

  /// The first station's (the only one in the slot and bike stories).
  public var end: StationCounts { ends[0] }
  public var lowest: StationCounts { lowests[0] }
  public var highest: StationCounts { highests[0] }

  /// Every bike is where the riders were told it is.
  public func isConserved(_ story: Story) -> Bool {
    if story == .transfer {
      // A van carries its bike only within its transfer, and every van ends.
      let start = story.stations.reduce(0) { $0 + $1.freeBikes }
      return ends.reduce(0) { $0 + $1.freeBikes } == start
    }
    let start = story.station.freeBikes
    return end.freeBikes == (story == .slot ? start + served : start - served)
  }

  /// A counter left `0...capacity`, or a bike was lost or made up.
  public func isForbidden(_ story: Story) -> Bool {
    for (index, station) in story.stations.enumerated() {
      let inRange = { (value: Int) in (0...station.capacity).contains(value) }
      let low = lowests[index]
      let high = highests[index]
      if !inRange(low.freeBikes) || !inRange(low.emptySlots) || !inRange(high.freeBikes)
        || !inRange(high.emptySlots)
      {
        return true
      }
    }
    return !isConserved(story)
  }

  /// How `explore` files the outcome: a broken counter first, then a stuck run.
  public func expectation(_ story: Story) -> Expectation {
    if isForbidden(story) { return .forbidden }
    switch stuck {
    case .deadlock?: return .deadlocked
    case .livelock?: return .livelocked
    case nil: return .acceptable
    }
  }

  /// "2 docked into 1 slot · end free 7, empty -1".
  public func description(_ story: Story, riders: Int) -> String {
    if story == .transfer {
      let names = story.stations.map(\.name)
      let counts = zip(names, ends).map { "\($0) \($1)" }.joined(separator: "; ")
      var what: String
      switch stuck {
      case .deadlock(let cycle)?: what = "deadlock: \(cycle)"
      case .livelock(let steps)?: what = "livelock: \(steps), again and again"
      case nil: what = "\(served) moved, \(riders - served) turned away"
      }
      // Free bikes and empty slots sum to the capacity: one below 0 is the
      // other above it.
      for (station, low) in zip(story.stations, lowests) {
        if low.freeBikes < 0 { what += ", \(station.name) free \(low.freeBikes)" }
        if low.emptySlots < 0 { what += ", \(station.name) empty \(low.emptySlots)" }
      }
      if !isConserved(story) { what += ", a bike lost or made up" }
      return "\(what) · end \(counts)"
    }
    let room = story == .slot ? story.station.emptySlots : story.station.freeBikes
    var what =
      switch story {
      case .slot where served > room: "\(served) docked into \(room) slot"
      case .bike where served > room: "\(served) took \(room) bike"
      case .slot: "\(served) docked, \(riders - served) rode on"
      case .bike, .transfer: "\(served) took a bike, \(riders - served) walked on"
      }
    if !isConserved(story) { what += ", a bike lost or made up" }
    return "\(what) · end \(end)"
  }
}

/// How an outcome of `explore` is filed.
public enum Expectation: String, Sendable, Hashable {
  case acceptable
  case forbidden
  /// Vans remained and none could go on.
  case deadlocked = "deadlock"
  /// The run came back to where it had been, with nothing done.
  case livelocked = "livelock"

  /// Anything but acceptable is what `--fail-on-violation` fails on.
  public var isBad: Bool { self != .acceptable }
}

public enum Stage {
  enum Ending: Sendable {
    case finished([StationCounts])
    case stalled(String)
  }

  /// Runs `body`, unless the gate sees no progress for `after`: then says
  /// where everyone is, and leaves the stuck riders behind.
  static func finishOrStall(
    gate: ScriptedGate, after: Duration,
    _ body: @escaping @Sendable () async -> [StationCounts]
  ) async -> Ending {
    await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
      let once = Once(continuation)
      let run = Task { once.answer(.finished(await body())) }
      Task {
        let clock = ContinuousClock()
        var seen = gate.progress
        var since = clock.now
        while !once.isAnswered {
          try? await Task.sleep(for: .milliseconds(50))
          let now = gate.progress
          if now != seen {
            (seen, since) = (now, clock.now)
          } else if since.duration(to: clock.now) > after {
            once.answer(.stalled(gate.whereEveryoneIs))
            return
          }
        }
        _ = run
      }
    }
  }

  private final class Muted: Sendable {
    private let on = Locked(false)
    var isOn: Bool { on.withLock { $0 } }
    func turnOn() { on.withLock { $0 = true } }
  }

  /// Resumes a continuation once, whoever answers first.
  private final class Once: Sendable {
    private let state: Locked<CheckedContinuation<Ending, Never>?>
    init(_ continuation: CheckedContinuation<Ending, Never>) { state = Locked(continuation) }
    var isAnswered: Bool { state.withLock { $0 == nil } }
    func answer(_ ending: Ending) {
      state.withLock { $0.take() }?.resume(returning: ending)
    }
  }

  /// Plays the stage once: the riders pass their probe points in the order
  /// of `schedule`, then (if `continues`) without a switch to the end.
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, schedule: Schedule, continues: Bool,
    echo: (@Sendable (String) -> Void)? = nil, stallAfter: Duration = .seconds(10)
  ) async -> StageRun {
    if options.story == .transfer {
      return await playTransfer(
        E.self, mode: mode, options: options, schedule: schedule, continues: continues,
        echo: echo, stallAfter: stallAfter)
    }
    let riders = options.riderIndices
    // Once a run has stalled, what its riders do unscripted is not shown.
    let muted = Muted()
    var shown: (@Sendable (String) -> Void)?
    if let echo {
      shown = { line in
        if !muted.isOn { echo(line) }
      }
    }
    let log = EventLog(.memory, riderName: Schedule.name, echo: shown)
    let gate = ScriptedGate(
      riders: Set(riders), schedule: schedule.steps, continues: continues,
      mark: { log.events.count })
    let station = options.story.station
    let audit = StationAudit(station)
    let stage = ReplayStage(
      mode: mode, station: station, audit: audit, riders: riders, want: options.story.want,
      probe: .scripted(gate), blockingProbe: .scripted(gate), log: log,
      configuration: options.configuration)
    let end: StationCounts
    switch await finishOrStall(gate: gate, after: stallAfter, { [await era.replay(stage)] }) {
    case .finished(let counts): end = counts[0]
    case .stalled(let why):
      muted.turnOn()
      gate.openForEveryone()
      return StageRun(
        mode: mode, story: options.story, riders: options.riders, steps: log.recorded,
        events: log.events, trace: gate.trace,
        result: StageResult(
          end: station.counts, lowest: audit.lowest, highest: audit.highest, served: 0),
        violations: audit.violations,
        failure: "stalled: no step for \(Int(stallAfter.seconds)) s; \(why)")
    }
    var failure = gate.failure
    if failure == nil, gate.stepsPlayed < schedule.steps.count {
      failure = "only \(gate.stepsPlayed) of \(schedule.steps.count) scripted steps were played"
    }
    let served = log.served
    return StageRun(
      mode: mode, story: options.story, riders: options.riders, steps: log.recorded,
      events: log.events, trace: gate.trace,
      result: StageResult(end: end, lowest: audit.lowest, highest: audit.highest, served: served),
      violations: audit.violations, failure: failure)
  }
}

extension Stage {
  /// What the gate must know of holding on the transfer stage: in an era
  /// whose stations can be held (not actors), `nested` and `safe` wait for
  /// a held station and `backoff` tries it.
  public static func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding {
    guard era.holdsStations else { return .none }
    switch mode {
    case .nested, .safe: return .waits
    case .backoff: return .tries
    default: return .none
    }
  }

  /// A transfer's result, whether scripted or on the real runtime: the vans
  /// that docked their bike are the ones that moved, and the extremes are
  /// kept only as far as an outcome cares (below 0, above the capacity), so
  /// that two runs whose counts dipped differently within range end alike.
  static func transferResult(
    ends: [StationCounts], audits: [StationAudit], events: [Event],
    stuck: ScriptedGate.Stuck?
  ) -> StageResult {
    let records = Story.transferStations
    let moved = events.filter {
      if case .leftBike = $0 { return true }
      return false
    }.count
    return StageResult(
      ends: ends,
      lowests: audits.map {
        StationCounts(
          freeBikes: min($0.lowest.freeBikes, 0), emptySlots: min($0.lowest.emptySlots, 0))
      },
      highests: zip(audits, records).map { audit, station in
        StationCounts(
          freeBikes: max(audit.highest.freeBikes, station.capacity),
          emptySlots: max(audit.highest.emptySlots, station.capacity))
      }, served: moved, stuck: stuck)
  }

  /// The transfer stage, played once through a gate that knows who holds
  /// which station, so that no van ever waits for real: a schedule where
  /// none can go on ends as a deadlock, one that comes back to where it was
  /// as a livelock.
  static func playTransfer<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, schedule: Schedule, continues: Bool,
    echo: (@Sendable (String) -> Void)?, stallAfter: Duration
  ) async -> StageRun {
    let vans = options.riderIndices
    let records = Story.transferStations
    let log = EventLog(.memory, riderName: Schedule.name, echo: echo)
    let gate = ScriptedGate(
      riders: Set(vans), schedule: schedule.steps, continues: continues,
      holding: holding(mode, era: E.info), stations: records.map(\.name),
      mark: { log.events.count })
    let audits = records.map(StationAudit.init)
    let stage = TransferStage(
      mode: mode, stations: records, audits: audits, vans: vans, probe: .scripted(gate),
      blockingProbe: .scripted(gate), log: log, configuration: options.configuration)
    var failure: String?
    let ends: [StationCounts]
    switch await finishOrStall(gate: gate, after: stallAfter, { await era.transfer(stage) }) {
    case .finished(let counts): ends = counts
    case .stalled(let why):
      gate.openForEveryone()
      ends = records.map(\.counts)
      failure = "stalled: no step for \(Int(stallAfter.seconds)) s; \(why)"
    }
    if failure == nil { failure = gate.failure }
    if failure == nil, gate.stuck == nil, gate.stepsPlayed < schedule.steps.count {
      failure = "only \(gate.stepsPlayed) of \(schedule.steps.count) scripted steps were played"
    }
    return StageRun(
      mode: mode, story: options.story, riders: options.riders, steps: log.recorded,
      events: log.events, trace: gate.trace,
      result: transferResult(ends: ends, audits: audits, events: log.events, stuck: gate.stuck),
      violations: audits.flatMap(\.violations), failure: failure)
  }
}

/// `bikes-<era> replay`: one schedule on the stage, step by step; by default
/// the README's story, so every era prints the same steps every time.
public enum Replay {
  public typealias Outcome = StageRun

  /// The README's story in `mode`: two riders, one empty slot.
  /// - Parameter configuration: for an era's own options (`--lock`, `--fix`).
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, configuration: Configuration = Configuration()
  ) async -> Outcome {
    var options = StageOptions()
    options.configuration = configuration
    return await play(E.self, mode: mode, options: options)
  }

  /// The schedule of `options` (or the story's own), played to the end.
  /// - Parameter echo: told each step as it happens.
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, echo: (@Sendable (String) -> Void)? = nil,
    stallAfter: Duration = .seconds(10)
  ) async -> Outcome {
    let given = options.schedule
    return await Stage.play(
      E.self, mode: mode, options: options,
      schedule: given
        ?? (options.story == .transfer
          ? Schedule.transferStory(mode, riders: options.riders)
          : Schedule.story(mode, riders: options.riders)),
      continues: given != nil || options.story == .transfer,
      echo: echo, stallAfter: stallAfter)
  }

  public static func text(_ outcome: Outcome, executable: String, scheduled: Bool = false)
    -> String
  {
    let steps = outcome.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    return
      (header(
        mode: outcome.mode, story: outcome.story, riders: outcome.riders, executable: executable,
        schedule: scheduled ? outcome.schedule : nil) + steps + footer(outcome, scheduled: false))
      .joined(separator: "\n")
  }

  /// The lines before the steps: the command, the setting, the script.
  public static func header(
    mode: Mode, story: Story, riders: Int, executable: String, schedule: Schedule?
  ) -> [String] {
    var command = "\(executable) replay --mode \(mode.rawValue)"
    if story != .slot { command += " --story \(story.rawValue)" }
    if riders != 2 { command += " --riders \(riders)" }
    var lines = [command, story.setting(riders: riders)]
    let own = EraInfo.all.first { $0.executable == executable }?.ownModes
      .first { $0.mode == mode }
    if let schedule {
      lines.append("Schedule: \(schedule)")
    } else if story == .transfer {
      lines.append(
        "Script: \(Schedule.transferStory(mode, riders: riders)), then on without a switch.")
    } else if riders == 2 {
      let act = story == .slot ? "leave" : "take"
      lines.append(
        own?.script.map { "\($0) B \(act)s, A \(act)s." }
          ?? (mode.isFix
            ? "Script: A goes first, then B; each check-and-\(act) is one step."
            : "Script: A checks, B checks, B \(act)s, A \(act)s (the probe holds each rider)."))
    } else {
      lines.append("Script: \(Schedule.story(mode, riders: riders))")
    }
    return lines
  }

  /// The lines after the steps: the result (and, for a schedule given in
  /// part, the whole schedule that was played).
  public static func footer(_ outcome: Outcome, scheduled: Bool) -> [String] {
    var lines: [String] = []
    if scheduled { lines.append("Played: \(outcome.schedule)") }
    if outcome.story == .transfer { return lines + transferFooter(outcome) }
    let end = outcome.end
    let story = outcome.story
    let counter = story == .slot ? "empty slots" : "free bikes"
    let lowest = story == .slot ? outcome.lowest.emptySlots : outcome.lowest.freeBikes
    if let failure = outcome.failure {
      lines.append("Replay failed: \(failure)")
    } else if outcome.violations.isEmpty {
      lines.append(
        "Result: \(end); \(counter) never went below \(lowest)."
          + (outcome.mode.isFix ? " The fix holds." : " This schedule does not show the race."))
    } else {
      let who =
        outcome.riders == 2
        ? "Both riders checked before either acted"
        : "Riders acted on checks made before others acted"
      lines.append(
        outcome.mode.isFix
          ? "Result: \(end). The fix is broken: a counter left its range."
          : "Result: \(end). \(who).")
      lines.append(
        "Violations: " + outcome.violations.map(\.description).joined(separator: "; ") + ".")
    }
    return lines
  }

  /// The transfer's result: the stations, and a deadlock or livelock if the
  /// vans got stuck.
  static func transferFooter(_ outcome: Outcome) -> [String] {
    let names = outcome.story.stations.map(\.name)
    let counts = zip(names, outcome.result.ends).map { "\($0) \($1)" }.joined(separator: "; ")
    if let failure = outcome.failure { return ["Replay failed: \(failure)"] }
    var lines: [String] = []
    switch outcome.result.stuck {
    case .deadlock(let cycle)?:
      lines.append("Deadlock: \(cycle).")
      lines.append(
        "No van can go on: each waits for a station another holds. (The gate let them go"
          + " instead of leaving their threads waiting for ever.)")
    case .livelock(let steps)?:
      lines.append("Livelock: \(steps), and round again: back where it started, nothing moved.")
    case nil: break
    }
    let moved = "\(outcome.result.served) moved, \(outcome.riders - outcome.result.served) did not"
    lines.append("Result: \(counts); \(moved).")
    if !outcome.violations.isEmpty {
      lines.append(
        "Violations: " + outcome.violations.map(\.description).joined(separator: "; ") + ".")
    }
    return lines
  }
}
