import Foundation

/// `bikes-<era> explore`: every order in which the stage's riders can pass
/// their probe points, each run once on the era's real code through the
/// scripted gate, grouped by how it ended.
///
/// The walk is depth first and stateless: play a prefix of choices, let the
/// gate finish the run without a switch, and read back every choice it
/// made. Then, at every choice after the prefix, try each other parked rider
/// as a new prefix. Each complete schedule is played exactly once.
public enum Explorer {
  /// One group of schedules that ended alike.
  public struct Outcome: Sendable {
    public let result: StageResult
    public let expectation: Expectation
    public var forbidden: Bool { expectation == .forbidden }
    public let description: String
    public var schedules: Int
    /// The example with the fewest switches (the first found among equals).
    public var example: Schedule
    public var exampleSwitches: Int
  }

  public struct Exploration: Sendable {
    public let mode: Mode
    public let options: StageOptions
    public let outcomes: [Outcome]
    public let schedules: Int
    public let seconds: Double
    /// Forbidden examples that did not end the same way when played again.
    public let unsteady: [String]
    /// Runs where the riders did not follow the gate (a bug in the era).
    public let failures: [String]
    /// Every run, in the order played: only when asked (the atlas draws them).
    public let runs: [StageRun]

    public var forbidden: Int { count(.forbidden) }
    /// Schedules where vans remained and none could go on.
    public var deadlocked: Int { count(.deadlocked) }
    /// Schedules that came back to a state they had been in.
    public var livelocked: Int { count(.livelocked) }

    public func count(_ expectation: Expectation) -> Int {
      outcomes.filter { $0.expectation == expectation }.map(\.schedules).reduce(0, +)
    }

    /// Any outcome `--fail-on-violation` fails on.
    public var bad: Int { outcomes.filter(\.expectation.isBad).map(\.schedules).reduce(0, +) }

    /// The forbidden example with the fewest switches, then the shortest.
    public var shortestForbidden: Outcome? { shortest(.forbidden) }

    /// The example of `expectation` with the fewest switches, then the shortest.
    public func shortest(_ expectation: Expectation) -> Outcome? {
      outcomes.filter { $0.expectation == expectation }.min {
        ($0.exampleSwitches, $0.example.steps.count) < ($1.exampleSwitches, $1.example.steps.count)
      }
    }
  }

  /// - Parameter keepRuns: keep every run in `runs` (`--format html`).
  public static func explore<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, stop: StopSwitch = StopSwitch(),
    keepRuns: Bool = false, progress: @Sendable (Int) -> Void = { _ in }
  ) async -> Exploration {
    let clock = ContinuousClock()
    let started = clock.now
    var outcomes: [StageResult: Outcome] = [:]
    var order: [StageResult] = []
    var failures: [String] = []
    var runs: [StageRun] = []
    var count = 0

    func visit(_ prefix: [ScriptedGate.Step]) async {
      if stop.isStopped { return }
      let run = await Stage.play(
        E.self, mode: mode, options: options, schedule: Schedule(prefix), continues: true)
      count += 1
      progress(count)
      if keepRuns { runs.append(run) }
      if let failure = run.failure { failures.append("\(run.schedule): \(failure)") }
      if var seen = outcomes[run.result] {
        seen.schedules += 1
        if (run.switches, run.schedule.description)
          < (seen.exampleSwitches, seen.example.description)
        {
          seen.example = run.schedule
          seen.exampleSwitches = run.switches
        }
        outcomes[run.result] = seen
      } else {
        order.append(run.result)
        outcomes[run.result] = Outcome(
          result: run.result, expectation: run.expectation,
          description: run.result.description(options.story, riders: options.riders),
          schedules: 1, example: run.schedule, exampleSwitches: run.switches)
      }
      let trace = run.trace
      for depth in prefix.count..<trace.count {
        let decision = trace[depth]
        let before = trace[..<depth].filter(\.isSwitch).count
        for other in decision.enabled where other != decision.chosen {
          let switches = before + (decision.isSwitch(to: other) ? 1 : 0)
          if let bound = options.maxSwitches, switches > bound { continue }
          await visit(trace[..<depth].map(\.chosen) + [other])
        }
      }
    }
    await visit([])

    // Every forbidden, deadlocked or livelocked example, played again, must
    // end the same way.
    var unsteady: [String] = []
    for key in order where outcomes[key]!.expectation.isBad {
      let example = outcomes[key]!.example
      let again = await Stage.play(
        E.self, mode: mode, options: options, schedule: example, continues: false)
      if again.result != key {
        let story = options.story
        unsteady.append(
          "\(example) ended as \(again.result.description(story, riders: options.riders)),"
            + " not \(key.description(story, riders: options.riders))")
      }
    }
    // Acceptable outcomes first, then forbidden, deadlocked, livelocked; most
    // schedules first within each.
    let rank: [Expectation: Int] = [.acceptable: 0, .forbidden: 1, .deadlocked: 2, .livelocked: 3]
    let sorted = order.map { outcomes[$0]! }.sorted {
      (rank[$0.expectation]!, -$0.schedules) < (rank[$1.expectation]!, -$1.schedules)
    }
    return Exploration(
      mode: mode, options: options, outcomes: sorted, schedules: count,
      seconds: started.duration(to: clock.now).seconds, unsteady: unsteady, failures: failures,
      runs: runs)
  }

  /// `bikes-callbacks explore --mode racy --story slot --riders 2`: what was explored,
  /// with the era's own options that are not at their default.
  public static func command(_ exploration: Exploration, executable: String) -> String {
    let options = exploration.options
    var command =
      "\(executable) explore --mode \(exploration.mode) --story \(options.story.rawValue)"
      + " --riders \(options.riders)"
    if let bound = options.maxSwitches { command += " --max-switches \(bound)" }
    command += EraInfo.flags(of: executable, options.configuration)
    return command
  }

  /// The outcome table, for people.
  public static func text(_ exploration: Exploration, executable: String) -> String {
    let options = exploration.options
    var lines = [
      command(exploration, executable: executable), options.story.setting(riders: options.riders),
    ]
    lines.append("  schedules  expect      result")
    for outcome in exploration.outcomes {
      let count = String(outcome.schedules)
      let padded = String(repeating: " ", count: max(0, 11 - count.count)) + count
      let expect =
        switch outcome.expectation {
        case .acceptable: "acceptable"
        case .forbidden: "FORBIDDEN "
        case .deadlocked: "DEADLOCK  "
        case .livelocked: "LIVELOCK  "
        }
      lines.append("\(padded)  \(expect)  \(outcome.description)")
      let switches =
        outcome.exampleSwitches == 1 ? "1 switch" : "\(outcome.exampleSwitches) switches"
      lines.append(String(repeating: " ", count: 25) + "e.g. \(outcome.example) (\(switches))")
    }
    let bound =
      options.maxSwitches.map { " with at most \($0) switch\($0 == 1 ? "" : "es")" } ?? ""
    let stuck =
      options.story.plot.canGetStuck
      ? ", \(exploration.deadlocked) deadlocked, \(exploration.livelocked) livelocked" : ""
    // A run that left the script is counted, but its outcome is not the
    // schedule's: say so where the counts are read.
    let left =
      exploration.failures.isEmpty
      ? ""
      : ", and \(exploration.failures.count) left the script"
        + (exploration.failures.count > 3 ? " (the first 3 below)" : " (below)")
        + ": the counts do not hold"
    lines.append(
      "explored \(exploration.schedules) schedules\(bound) in"
        + " \(RunReport.seconds(exploration.seconds)): \(exploration.forbidden) forbidden\(stuck)"
        + left)
    for line in exploration.unsteady { lines.append("UNCONTROLLED NONDETERMINISM: \(line)") }
    for line in exploration.failures.prefix(3) { lines.append("RIDERS LEFT THE SCRIPT: \(line)") }
    return lines.joined(separator: "\n")
  }

  /// One JSON object per mode.
  public static func json(_ exploration: Exploration, era: String) -> String {
    let options = exploration.options
    let outcomes: [[String: Any]] = exploration.outcomes.map { outcome in
      let ends = outcome.result.ends.map {
        ["free_bikes": $0.freeBikes, "empty_slots": $0.emptySlots]
      }
      var object: [String: Any] = [
        "result": outcome.description,
        "end": ends.count == 1 ? ends[0] as Any : ends as Any,
        "schedules": outcome.schedules,
        "expect": outcome.expectation.rawValue,
        "example": outcome.example.description,
        "example_switches": outcome.exampleSwitches,
      ]
      object["cycle"] = outcome.result.cycle
      return object
    }
    var object: [String: Any] = [
      "era": era, "mode": exploration.mode.rawValue, "story": options.story.rawValue,
      "riders": options.riders, "schedules": exploration.schedules,
      "forbidden": exploration.forbidden, "deadlocked": exploration.deadlocked,
      "livelocked": exploration.livelocked, "outcomes": outcomes,
      "seconds": (exploration.seconds * 1000).rounded() / 1000,
      "unsteady": exploration.unsteady, "failures": exploration.failures,
    ]
    object["max_switches"] = options.maxSwitches ?? NSNull()
    return Stage.jsonLine(object)
  }
}
