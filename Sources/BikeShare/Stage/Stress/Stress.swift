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
    /// Runs whose end never came though nothing was stuck (a bug in the era
    /// or below it), and what the first one left.
    public var hung = 0
    public var hang: String?
    /// The wait story: how long riders waited in the line, and how often a
    /// woken rider's bike went to another.
    public var line: LineTimes?
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
  /// A story that cannot get stuck: a run that has not ended within this,
  /// with nobody finishing for a quarter of it more, is counted as hung and
  /// left behind, so that `stress` itself never waits for ever (the
  /// watchdog's default, `--watchdog-ms 3000`).
  public static let hangBound = Duration.seconds(3)

  /// - Parameter deadlocksKept: stop after this many deadlocked runs (a
  ///   test that expects none stops at the first).
  /// - Parameter stuckBound: how long a run that can get stuck may go with
  ///   nobody finishing (a test on a loaded machine gives it longer).
  public static func run<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, stop: StopSwitch = StopSwitch(),
    deadlocksKept: Int = Stress.deadlocksKept, hangBound: Duration = Stress.hangBound,
    stuckBound: Duration = Stress.stuckBound, progress: @Sendable (Int) -> Void = { _ in }
  ) async -> Tally {
    let clock = ContinuousClock()
    let started = clock.now
    let window = Duration.microseconds(options.raceWindowMicroseconds)
    var rows: [StageResult: Row] = [:]
    var order: [StageResult] = []
    var runs = 0
    var note: String?
    var (hung, hang) = (0, String?.none)
    var line: LineTimes?
    while runs < options.runs, !stop.isStopped {
      let ending = await oneRun(
        E.self, mode: mode, options: options, window: window, hangBound: hangBound,
        stuckBound: stuckBound)
      guard case .ended(let result, let times) = ending else {
        if case .hung(let what) = ending { hang = hang ?? what }
        (hung, runs) = (hung + 1, runs + 1)
        progress(runs)
        if hung >= deadlocksKept {
          note =
            "stopped after \(deadlocksKept) hung runs: each is left waiting (until the process exits)"
          break
        }
        continue
      }
      if rows[result] == nil {
        order.append(result)
        rows[result] = Row(
          result: result, expectation: result.expectation(options.story),
          description: result.description(options.story, riders: options.riders), samples: 0)
      }
      rows[result]!.samples += 1
      if let times {
        var sum = line ?? LineTimes()
        sum.add(times)
        line = sum
      }
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
      seconds: started.duration(to: clock.now).seconds, note: note, hung: hung, hang: hang,
      line: line)
  }

  /// How one run on the real runtime ended.
  enum Ending {
    /// With the wait story, its line's times.
    case ended(StageResult, LineTimes?)
    /// It never ended: what the participants had done by then.
    case hung(String)
  }

  /// One play of the stage on the real runtime, no gate. A run whose
  /// participants have not all finished within `stuckBound` (a story that
  /// can get stuck) is a deadlock seen for real; a run that has not ended
  /// within `hangBound` (any other story) is hung. Either is left behind:
  /// its threads or continuations wait for ever; nothing else waits for them.
  static func oneRun<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, window: Duration,
    hangBound: Duration = Stress.hangBound, stuckBound: Duration = Stress.stuckBound
  ) async -> Ending {
    let plot = options.story.plot
    let records = plot.stations
    let audits = records.map(StationAudit.init)
    let log = EventLog(.memory)
    // Participants report here as each is done, on whatever thread they ran.
    let done = Locked<[Int]>([])
    let finished: @Sendable (Int) -> Void = { index in done.withLock { $0.append(index) } }
    let count = options.riderIndices.count
    let cast = StageCast(
      mode: mode, riders: options.riderIndices, stations: records, audits: audits,
      probe: .waiting(window, finished: finished),
      blockingProbe: .waiting(window, finished: finished), log: log,
      configuration: options.configuration)
    let bound = plot.canGetStuck ? stuckBound : hangBound
    let ends = await withCheckedContinuation {
      (continuation: CheckedContinuation<[StationCounts]?, Never>) in
      let once = Locked<CheckedContinuation<[StationCounts]?, Never>?>(continuation)
      let timer = Task {
        // Past the bound, stuck only once none finished for a quarter of it
        // more: a process whose threads were all busy elsewhere (a loaded
        // machine, a test suite's blocking tests) then lets its participants
        // go on, and they finish; stuck ones never do. A story that cannot
        // get stuck, or one whose participants have all finished, is
        // waited for in the same way: a run that never ends is hung.
        // Cancelled (the sleep throws) as soon as the run ends.
        do { try await Task.sleep(for: bound) } catch { return }
        var seen = done.withLock { $0.count }
        while true {
          do { try await Task.sleep(for: bound / 4) } catch { return }
          let now = done.withLock { $0.count }
          if now == seen { break }
          seen = now
        }
        once.withLock { $0.take() }?.resume(returning: nil)
      }
      Task {
        let ends = await plot.play(E.self, cast)
        timer.cancel()
        once.withLock { $0.take() }?.resume(returning: ends)
      }
    }
    let gone = done.withLock { $0 }
    guard ends != nil || (plot.canGetStuck && gone.count < count) else {
      let waiting = options.riderIndices.filter { !gone.contains($0) }
      return .hung(
        "the run did not end within \(RunReport.seconds(bound.seconds)) on the real runtime"
          + (waiting.isEmpty
            ? " though every \(plot.participant.one) had finished"
            : "; \(Schedule.names(of: waiting)) had not finished")
          + " (left waiting)")
    }
    let who = plot.participant.one
    let stuck: ScriptedGate.Stuck? =
      ends == nil
      ? .deadlock(
        "no \(who) finished within \(Int(stuckBound.seconds)) s on the real runtime (left waiting)")
      : nil
    return .ended(
      plot.result(
        ends: ends ?? records.map(\.counts), audits: audits, events: log.events, stuck: stuck,
        finished: ends != nil),
      plot.lineTimes(log))
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
    lines += tally.line?.lines ?? []
    if let hang = tally.hang {
      lines.append("HUNG in \(tally.hung) of \(tally.runs) runs: \(hang)")
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
      "hung": tally.hung,
      "forbidden_interval": [range.lowerBound, range.upperBound], "outcomes": rows,
      "seconds": (tally.seconds * 1000).rounded() / 1000,
    ].merging(tally.line.map { ["line": $0.json] } ?? [:]) { first, _ in first }
    return Stage.jsonLine(object.withCallers(options))
  }
}
