import Foundation

/// What `starts` was asked for.
public struct StartsRequest: Sendable, Equatable {
  /// Pairs per way.
  public var pairs = 5_000
  /// `--format json`: one JSON object (`StartsJSON`), as `bikes-bench` reads it.
  public var format = OutputFormat.text
  public init() {}
}

/// `starts --format json`: every way's figures, one object.
public struct StartsJSON: Codable, Sendable, Equatable {
  public struct Way: Codable, Sendable, Equatable {
    public let name: String
    public let verdict: String
    /// `racy` or `safe`: the order story's mode that sends this way, if any.
    public let story: String?
    public let pairs: Int
    public let secondFirst: Int
    public let microsecondsAPair: Double

    enum CodingKeys: String, CodingKey {
      case name, verdict, story, pairs
      case secondFirst = "second_first"
      case microsecondsAPair = "microseconds_a_pair"
    }
  }

  public let era: String
  public let ways: [Way]
}

/// `bikes-<era> starts [--pairs N]`: for each of the era's ways to start two
/// pieces of work one after the other (`Era.starts`), how often the second
/// begins first on the real runtime, with its 95 % interval as `stress`
/// gives rates, and what the documents promise.
public enum Starts {
  /// One way, measured.
  public struct Tally: Sendable {
    public let way: StartWay
    public let pairs: Int
    /// Pairs whose second piece of work began before the first.
    public let secondFirst: Int
    /// Wall time for all the pairs, the runner's own work included.
    public let seconds: Double
    /// Microseconds a pair: the price of the way, plus the runner's (a
    /// continuation and a task a pair, the same for every way).
    public var microsecondsAPair: Double { seconds * 1_000_000 / Double(max(pairs, 1)) }
  }

  static func run<E: Era>(_ era: E.Type, _ request: StartsRequest) async -> Int32 {
    let clock = ContinuousClock()
    let started = clock.now
    var tallies: [Tally] = []
    for way in E.starts {
      tallies.append(await measure(way, pairs: request.pairs))
    }
    switch request.format {
    case .text:
      Console.text(
        text(
          tallies, executable: E.executable, pairs: request.pairs,
          seconds: started.duration(to: clock.now).seconds))
    case .json: Console.out(json(tallies, era: E.name))
    }
    // A promise seen broken is worth an exit code.
    return tallies.contains { $0.way.verdict == .promised && $0.secondFirst > 0 }
      ? 1 : ExitCode.done
  }

  /// Runs `way` `pairs` times.
  public static func measure(_ way: StartWay, pairs: Int) async -> Tally {
    let clock = ContinuousClock()
    let started = clock.now
    var secondFirst = 0
    for _ in 0..<pairs where await onePair(way) == [2, 1] { secondFirst += 1 }
    return Tally(
      way: way, pairs: pairs, secondFirst: secondFirst,
      seconds: started.duration(to: clock.now).seconds)
  }

  /// One pair started `way`'s way: the order in which the two began (1 the
  /// first, 2 the second), once both have run. Each runs its hook (`first`,
  /// `second`) after it has said it began.
  static func onePair(
    _ way: StartWay, first: @escaping StartWay.Work = {}, second: @escaping StartWay.Work = {}
  ) async -> [Int] {
    await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
      let state = Locked((began: [Int](), ended: 0))
      let piece: @Sendable (Int, StartWay.Work) -> Void = { number, hook in
        state.withLock { $0.began.append(number) }
        hook()
        let order = state.withLock { state -> [Int]? in
          state.ended += 1
          return state.ended == 2 ? state.began : nil
        }
        if let order { continuation.resume(returning: order) }
      }
      Task { await way.start({ piece(1, first) }, { piece(2, second) }) }
    }
  }

  /// A promise, put to the test: `tries` times, the first piece of work
  /// holds on until the second has begun, or until `hold` has passed.
  /// Returns how often the second began first, or began while the first
  /// still ran: 0 where the second begins only after the first has ended.
  public static func secondDidNotWait(_ way: StartWay, tries: Int, hold: Duration) async -> Int {
    var broken = 0
    for _ in 0..<tries {
      let secondBegan = DispatchSemaphore(value: 0)
      let overlapped = Locked(false)
      let order = await onePair(
        way,
        first: {
          if secondBegan.wait(timeout: .now() + hold.seconds) == .success {
            overlapped.withLock { $0 = true }
          }
        },
        second: { secondBegan.signal() })
      if overlapped.withLock({ $0 }) || order == [2, 1] { broken += 1 }
    }
    return broken
  }

  /// `bikes-<era> starts-held --way N --tries T --hold-ms M`: not in
  /// `--help`; the tests run it. `secondDidNotWait` on the era's way number
  /// `N` (from 0, in the table's order), in a process of its own: held on,
  /// the first piece of work blocks its thread, and in the actors era that
  /// is a thread of the cooperative pool, which a test process shares with
  /// every other test (with one of two held and the other busy, the second
  /// could not begin within the hold). Prints the count.
  static func held<E: Era>(_ era: E.Type, arguments: [String]) async -> Int32 {
    var values: [String: Int] = [:]
    let limits = ["--way": 0...(E.starts.count - 1), "--tries": 1...1_000, "--hold-ms": 1...60_000]
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let range = limits[flag] else {
        Console.error("\(E.executable): starts-held: unknown option '\(Text.escaped(flag))'")
        return ExitCode.usageError
      }
      guard let number = rest.popFirst().flatMap({ Int($0) }), range.contains(number) else {
        Console.error(
          "\(E.executable): starts-held: \(flag) expects a whole number from"
            + " \(range.lowerBound) to \(range.upperBound)")
        return ExitCode.usageError
      }
      values[flag] = number
    }
    let way = E.starts[values["--way"] ?? 0]
    let overlaps = await secondDidNotWait(
      way, tries: values["--tries"] ?? 5, hold: .milliseconds(values["--hold-ms"] ?? 20))
    Console.out(String(overlaps))
    return ExitCode.done
  }

  static func json(_ tallies: [Tally], era: String) -> String {
    let report = StartsJSON(
      era: era,
      ways: tallies.map {
        StartsJSON.Way(
          name: $0.way.name, verdict: $0.way.verdict.rawValue, story: $0.way.story?.rawValue,
          pairs: $0.pairs, secondFirst: $0.secondFirst, microsecondsAPair: $0.microsecondsAPair)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(report) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  static func text(_ tallies: [Tally], executable: String, pairs: Int, seconds: Double) -> String {
    let wayWidth = (tallies.map(\.way.name.count).max() ?? 3) + 2
    var lines = [
      "\(executable) starts --pairs \(pairs)",
      "Two pieces of work started one after the other, \(pairs) pairs each way:"
        + " how often does the second begin first?",
      "  " + pad("way", wayWidth) + pad("2nd first", 10) + pad("rate (95 % interval)", 29)
        + pad("µs/pair", 9) + "verdict",
    ]
    for tally in tallies {
      let range = Stress.interval(tally.secondFirst, of: tally.pairs)
      let rate =
        "\(Stress.percent(Double(tally.secondFirst) / Double(max(tally.pairs, 1))))"
        + " (\(Stress.percent(range.lowerBound)) to \(Stress.percent(range.upperBound)))"
      lines.append(
        "  " + pad(tally.way.name, wayWidth) + pad(String(tally.secondFirst), 10) + pad(rate, 29)
          + pad(String(format: "%.1f", tally.microsecondsAPair), 9) + tally.way.verdict.rawValue)
      // Under its row: the table stays within a room's width.
      if let remark = tally.way.remark(secondFirst: tally.secondFirst) {
        lines.append("  " + pad("", wayWidth) + remark)
      }
    }
    lines.append(
      "(\(RunReport.seconds(seconds)); the verdict is the sources', quoted under the table;"
        + " µs/pair: what a pair takes, the way and the runner's one task and continuation)")
    for tally in tallies {
      lines.append("")
      lines.append("\(tally.way.name): \(tally.way.code)")
      lines.append("  \(tally.way.verdict.rawValue): \(tally.way.source)")
    }
    return lines.joined(separator: "\n")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }
}
