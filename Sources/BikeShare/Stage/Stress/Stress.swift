import Foundation

/// `bikes-<era> stress`: the stage with no gate, on the real runtime, many
/// times: an outcome histogram and what it can and cannot say.
public enum Stress {
  public struct Row: Sendable {
    public let result: StageResult
    public let expectation: Expectation
    public var forbidden: Bool { expectation == .forbidden }
    public let description: String
    public var samples: Int
  }

  public struct Tally: Sendable {
    public let mode: Mode
    public let options: StageOptions
    public let rows: [Row]
    public let runs: Int
    public let seconds: Double
    /// Set when the stress stopped early: why.
    public var note: String?
    public var forbidden: Int { count(.forbidden) }
    /// A story that can get stuck: runs where none finished within the bound.
    public var deadlocked: Int { count(.deadlocked) }
    /// Runs that broke a counter or deadlocked (what `--fail-on-violation` fails on).
    public var bad: Int { rows.filter(\.expectation.isBad).map(\.samples).reduce(0, +) }

    public func count(_ expectation: Expectation) -> Int {
      rows.filter { $0.expectation == expectation }.map(\.samples).reduce(0, +)
    }
  }

  /// A story that can get stuck, on the real runtime: a run none of whose
  /// participants has finished within this is counted as deadlocked, and
  /// left behind.
  public static let stuckBound = Duration.seconds(1)
  /// After this many deadlocked runs the stress stops: each leaves its vans'
  /// threads (or queues' threads) waiting for ever, until the process exits.
  public static let deadlocksKept = 20

  /// - Parameter deadlocksKept: stop after this many deadlocked runs (a
  ///   test that expects none stops at the first).
  public static func run<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, stop: StopSwitch = StopSwitch(),
    deadlocksKept: Int = Stress.deadlocksKept, progress: @Sendable (Int) -> Void = { _ in }
  ) async -> Tally {
    let clock = ContinuousClock()
    let started = clock.now
    let window = Duration.microseconds(options.raceWindowMicroseconds)
    var rows: [StageResult: Row] = [:]
    var order: [StageResult] = []
    var runs = 0
    var note: String?
    while runs < options.runs, !stop.isStopped {
      let result = await oneRun(E.self, mode: mode, options: options, window: window)
      if rows[result] == nil {
        order.append(result)
        rows[result] = Row(
          result: result, expectation: result.expectation(options.story),
          description: result.description(options.story, riders: options.riders), samples: 0)
      }
      rows[result]!.samples += 1
      runs += 1
      progress(runs)
      let deadlocked = rows.values.filter { $0.expectation == .deadlocked }.map(\.samples)
      if deadlocked.reduce(0, +) >= deadlocksKept {
        note =
          "stopped after \(deadlocksKept) deadlocked runs: each leaves its vans waiting for"
          + " ever (until the process exits)"
        break
      }
    }
    return Tally(
      mode: mode, options: options,
      rows: order.map { rows[$0]! }.sorted { $0.samples > $1.samples }, runs: runs,
      seconds: started.duration(to: clock.now).seconds, note: note)
  }

  /// One play of the stage on the real runtime, no gate. In a story that
  /// can get stuck, a run whose participants have not all finished within
  /// `stuckBound` is a deadlock seen for real: it is left behind (its
  /// threads wait for ever; nothing else waits for them).
  static func oneRun<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, window: Duration
  ) async -> StageResult {
    let plot = options.story.plot
    let records = plot.stations
    let audits = records.map(StationAudit.init)
    let log = EventLog(.memory)
    // Participants report here as each is done, on whatever thread they ran.
    let done = Locked(0)
    let finished: @Sendable (Int) -> Void = { _ in done.withLock { $0 += 1 } }
    let count = options.riderIndices.count
    let cast = StageCast(
      mode: mode, riders: options.riderIndices, stations: records, audits: audits,
      probe: .waiting(window, finished: finished),
      blockingProbe: .waiting(window, finished: finished), log: log,
      configuration: options.configuration)
    guard plot.canGetStuck else {
      let ends = await plot.play(E.self, cast)
      return plot.result(ends: ends, audits: audits, events: log.events, stuck: nil, finished: true)
    }
    let ends = await withCheckedContinuation {
      (continuation: CheckedContinuation<[StationCounts]?, Never>) in
      let once = Locked<CheckedContinuation<[StationCounts]?, Never>?>(continuation)
      Task {
        let ends = await plot.play(E.self, cast)
        once.withLock { $0.take() }?.resume(returning: ends)
      }
      Task {
        // Past the bound, a deadlock only once none finished for a quarter
        // of it more: a process whose threads were all busy elsewhere (a
        // loaded machine, a test suite's blocking tests) then lets its
        // participants go on, and they finish; deadlocked ones never do.
        try? await Task.sleep(for: stuckBound)
        var seen = done.withLock { $0 }
        while seen < count {
          try? await Task.sleep(for: stuckBound / 4)
          let now = done.withLock { $0 }
          if now == seen { break }
          seen = now
        }
        guard seen < count else { return }  // every one is done: the play answers
        once.withLock { $0.take() }?.resume(returning: nil)
      }
    }
    let who = plot.participant.one
    let stuck: ScriptedGate.Stuck? =
      ends == nil
      ? .deadlock(
        "no \(who) finished within \(Int(stuckBound.seconds)) s on the real runtime (left waiting)")
      : nil
    return plot.result(
      ends: ends ?? records.map(\.counts), audits: audits, events: log.events, stuck: stuck,
      finished: ends != nil)
  }

  /// A 95 % Wilson score interval for `hits` out of `runs`.
  public static func interval(_ hits: Int, of runs: Int) -> ClosedRange<Double> {
    guard runs > 0 else { return 0...1 }
    let n = Double(runs)
    let p = Double(hits) / n
    let z = 1.96
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / (1 + z * z / n)
    return max(0, centre - half)...min(1, centre + half)
  }

  static func percent(_ value: Double) -> String {
    String(format: "%.2f %%", value * 100)
  }

  /// What the forbidden count says, honestly.
  public static func verdict(_ tally: Tally) -> String {
    let (hits, runs) = (tally.forbidden, tally.runs)
    if hits == 0 {
      return
        "forbidden in 0 of \(runs) runs: the rate is below \(percent(3 / Double(max(runs, 1))))"
        + " with 95 % confidence, which proves nothing about 0"
    }
    let range = interval(hits, of: runs)
    return "forbidden in \(hits) of \(runs) runs: \(percent(Double(hits) / Double(runs)))"
      + " (95 % interval \(percent(range.lowerBound)) to \(percent(range.upperBound)))"
  }

  static func label(_ expectation: Expectation) -> String {
    switch expectation {
    case .acceptable: "acceptable"
    case .forbidden: "FORBIDDEN "
    case .deadlocked: "DEADLOCK  "
    case .livelocked: "LIVELOCK  "
    }
  }

  public static func text(_ tally: Tally, executable: String) -> String {
    let options = tally.options
    var lines = [
      "\(executable) stress --mode \(tally.mode) --story \(options.story.rawValue)"
        + " --riders \(options.riders) --runs \(options.runs)"
        + " --race-window-us \(options.raceWindowMicroseconds)"
        + EraInfo.flags(of: executable, options.configuration),
      options.story.setting(riders: options.riders)
        + (options.raceWindowMicroseconds == 0
          ? " No gate, no pause: the original code." : " No gate; an injected pause.")
        + (options.configuration.callers.setting().map { " " + $0 } ?? ""),
      "    samples      freq  expect      result",
    ]
    for row in tally.rows {
      let samples = String(row.samples)
      let freq = percent(Double(row.samples) / Double(max(tally.runs, 1)))
      lines.append(
        String(repeating: " ", count: max(0, 11 - samples.count)) + samples
          + String(repeating: " ", count: max(0, 10 - freq.count)) + freq + "  "
          + label(row.expectation) + "  " + row.description)
    }
    if options.story.plot.canGetStuck {
      lines.append(
        "deadlocked in \(tally.deadlocked) of \(tally.runs) runs, broke a counter in"
          + " \(tally.forbidden), completed cleanly in \(tally.count(.acceptable))"
          + " (\(RunReport.seconds(tally.seconds)))")
    } else {
      lines.append(verdict(tally) + " (\(RunReport.seconds(tally.seconds)))")
    }
    if let note = tally.note { lines.append(note) }
    return lines.joined(separator: "\n")
  }

  public static func json(_ tally: Tally, era: String) -> String {
    let options = tally.options
    let rows: [[String: Any]] = tally.rows.map {
      [
        "result": $0.description, "samples": $0.samples,
        "expect": $0.expectation.rawValue,
      ]
    }
    let range = interval(tally.forbidden, of: tally.runs)
    let object: [String: Any] = [
      "era": era, "mode": tally.mode.rawValue, "story": options.story.rawValue,
      "riders": options.riders, "runs": tally.runs,
      "race_window_us": options.raceWindowMicroseconds, "forbidden": tally.forbidden,
      "deadlocked": tally.deadlocked, "livelocked": tally.count(.livelocked),
      "forbidden_interval": [range.lowerBound, range.upperBound], "outcomes": rows,
      "seconds": (tally.seconds * 1000).rounded() / 1000,
    ]
    return Stage.jsonLine(object.withCallers(options))
  }
}
