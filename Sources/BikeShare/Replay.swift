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
}

/// What a play of the stage ended with: the counts, the extremes the audit
/// saw, and how many riders got what they wanted. Schedules that end alike
/// are one outcome.
public struct StageResult: Sendable, Hashable {
  public let end: StationCounts
  public let lowest: StationCounts
  public let highest: StationCounts
  /// Riders who docked (slot story) or took a bike (bike story).
  public let served: Int

  public init(end: StationCounts, lowest: StationCounts, highest: StationCounts, served: Int) {
    self.end = end
    self.lowest = lowest
    self.highest = highest
    self.served = served
  }

  /// Every bike is where the riders were told it is.
  public func isConserved(_ story: Story) -> Bool {
    let start = story.station.freeBikes
    return end.freeBikes == (story == .slot ? start + served : start - served)
  }

  /// A counter left `0...capacity`, or a bike was lost or made up.
  public func isForbidden(_ story: Story) -> Bool {
    let capacity = story.station.capacity
    let inRange = { (value: Int) in (0...capacity).contains(value) }
    return !inRange(lowest.freeBikes) || !inRange(lowest.emptySlots)
      || !inRange(highest.freeBikes) || !inRange(highest.emptySlots) || !isConserved(story)
  }

  /// "2 docked into 1 slot · end free 7, empty -1".
  public func description(_ story: Story, riders: Int) -> String {
    let room = story == .slot ? story.station.emptySlots : story.station.freeBikes
    var what =
      switch story {
      case .slot where served > room: "\(served) docked into \(room) slot"
      case .bike where served > room: "\(served) took \(room) bike"
      case .slot: "\(served) docked, \(riders - served) rode on"
      case .bike: "\(served) took a bike, \(riders - served) walked on"
      }
    if !isConserved(story) { what += ", a bike lost or made up" }
    return "\(what) · end \(end)"
  }
}

public enum Stage {
  /// Plays the stage once: the riders pass their probe points in the order
  /// of `schedule`, then (if `continues`) without a switch to the end.
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, schedule: Schedule, continues: Bool
  ) async -> StageRun {
    let riders = options.riderIndices
    let gate = ScriptedGate(riders: Set(riders), schedule: schedule.steps, continues: continues)
    let log = EventLog(.memory, riderName: Schedule.name)
    let station = options.story.station
    let audit = StationAudit(station)
    let stage = ReplayStage(
      mode: mode, station: station, audit: audit, riders: riders, want: options.story.want,
      probe: .scripted(gate), blockingProbe: .scripted(gate), log: log,
      configuration: options.configuration)
    let end = await era.replay(stage)
    var failure = gate.failure
    if failure == nil, gate.stepsPlayed < schedule.steps.count {
      failure = "only \(gate.stepsPlayed) of \(schedule.steps.count) scripted steps were played"
    }
    let served = log.events.filter {
      switch $0 {
      case .tookBike, .leftBike: true
      default: false
      }
    }.count
    return StageRun(
      mode: mode, story: options.story, riders: options.riders, steps: log.recorded,
      events: log.events, trace: gate.trace,
      result: StageResult(end: end, lowest: audit.lowest, highest: audit.highest, served: served),
      violations: audit.violations, failure: failure)
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
  public static func play<E: Era>(_ era: E.Type, mode: Mode, options: StageOptions) async
    -> Outcome
  {
    let given = options.schedule
    return await Stage.play(
      E.self, mode: mode, options: options,
      schedule: given ?? Schedule.story(mode, riders: options.riders), continues: given != nil)
  }

  public static func text(_ outcome: Outcome, executable: String, scheduled: Bool = false)
    -> String
  {
    let story = outcome.story
    var command = "\(executable) replay --mode \(outcome.mode.rawValue)"
    if story != .slot { command += " --story \(story.rawValue)" }
    if outcome.riders != 2 { command += " --riders \(outcome.riders)" }
    var lines = [command, story.setting(riders: outcome.riders)]
    let own = EraInfo.all.first { $0.executable == executable }?.ownModes
      .first { $0.mode == outcome.mode }
    let classic = !scheduled && story == .slot && outcome.riders == 2
    if scheduled {
      lines.append("Schedule: \(outcome.schedule)")
    } else if classic {
      lines.append(
        own?.script
          ?? (outcome.mode.isFix
            ? "Script: A goes first, then B; each check-and-leave is one step."
            : "Script: A checks, B checks, B leaves, A leaves (the probe holds each rider)."))
    } else {
      lines.append("Script: \(outcome.schedule)")
    }
    for (number, step) in outcome.steps.enumerated() { lines.append("  \(number + 1). \(step)") }
    let end = outcome.end
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
        ? "Both riders checked before either acted" : "Riders acted on checks made before"
      lines.append(
        "Result: \(end). \(who): "
          + outcome.violations.map(\.description).joined(separator: ", ") + ".")
    }
    return lines.joined(separator: "\n")
  }
}
