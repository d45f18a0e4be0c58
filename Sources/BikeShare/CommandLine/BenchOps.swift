import Foundation

/// `bikes-<era> bench-ops [--riders 1,2,8] [--millis 100]`: not in `--help`;
/// `bikes-bench` runs it. Each case is warmed up, then run with twice the
/// pairs until a run lasts at least `--millis`; that run is the timing.
enum BenchOps {
  static func run<E: Era>(_ era: E.Type, arguments: [String]) async -> Int32 {
    var riders = [1, 2, 8]
    var millis = 100
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let value = rest.popFirst() else {
        return fail(E.self, "bench-ops: \(flag) needs a value")
      }
      switch flag {
      case "--riders":
        let counts = value.split(separator: ",").compactMap { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy((1...64).contains) else {
          return fail(E.self, "bench-ops: --riders expects counts from 1 to 64, like 1,2,8")
        }
        riders = counts
      case "--millis":
        guard let number = Int(value), (1...10_000).contains(number) else {
          return fail(E.self, "bench-ops: --millis expects a whole number from 1 to 10000")
        }
        millis = number
      default:
        return fail(E.self, "bench-ops: unknown option '\(Text.escaped(flag))'")
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for count in riders {
      for benchCase in E.benchCases {
        let timing = await time(benchCase, riders: count, atLeast: .milliseconds(millis))
        let line = BenchTiming(
          era: E.name, case: benchCase.name, bare: benchCase.isBare, riders: count,
          pairs: timing.pairs, nsPerOperation: timing.ns)
        guard let data = try? encoder.encode(line) else { continue }
        Console.out(String(decoding: data, as: UTF8.self))
      }
    }
    return ExitCode.done
  }

  /// Warms up, then doubles the pairs until a run lasts `atLeast`; a run
  /// still going at ten times that is stopped, and its pairs so far counted.
  static func time(_ benchCase: BenchCase, riders: Int, atLeast: Duration) async -> (
    pairs: Int, ns: Double
  ) {
    let clock = ContinuousClock()
    var pairs = 16
    await benchCase.run(riders, pairs, BenchStop())  // warm-up
    while true {
      let stop = BenchStop()
      let timer = Task {
        try? await Task.sleep(for: atLeast * 10)
        stop.pull()
      }
      let started = clock.now
      await benchCase.run(riders, pairs, stop)
      let elapsed = started.duration(to: clock.now)
      timer.cancel()
      let made = stop.pairs
      if elapsed >= atLeast || pairs >= 1 << 26 {
        return (made / riders, elapsed.seconds * 1e9 / Double(2 * max(made, 1)))
      }
      pairs *= 2
    }
  }

  /// `bikes-<era> bench-floor --riders N --legs L --leg-ms M [--stations S] [--thread-cap N]`:
  /// not in `--help`; `bikes-bench` runs it beside a run of as many riders.
  /// Prints one JSON line: riders, legs, leg_ms and the seconds every rider
  /// took. With `--stations`, the second floor: every rider also visits one
  /// of S stations before each leg and after the last, each visit the era's
  /// bare primitive as many times as its visit needs it; the line adds the
  /// stations, the primitive, how many a visit makes and how many were made.
  static func floor<E: Era>(_ era: E.Type, arguments: [String]) async -> Int32 {
    var values = ["--riders": 1, "--legs": 19, "--leg-ms": 1]
    var limits = [
      "--riders": 1...1_000_000, "--legs": 1...1_000, "--leg-ms": 0...1_000,
      "--stations": 1...100_000,
    ]
    if E.info.takes(.threadCap) { limits["--thread-cap"] = 1...10_000 }
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let range = limits[flag] else {
        return fail(E.self, "bench-floor: unknown option '\(Text.escaped(flag))'")
      }
      guard let text = rest.popFirst(), let number = Int(text), range.contains(number) else {
        return fail(
          E.self,
          "bench-floor: \(flag) expects a whole number from \(range.lowerBound) to \(range.upperBound)"
        )
      }
      values[flag] = number
    }
    let riders = values["--riders"] ?? 1
    let legs = values["--legs"] ?? 1
    let millis = values["--leg-ms"] ?? 1
    let clock = ContinuousClock()
    let started = clock.now
    let threadCap = values["--thread-cap"]
    let visits = values["--stations"].map(FloorVisits.init)
    await E.waitOutLegs(
      riders: riders, legs: legs, leg: .milliseconds(millis), threadCap: threadCap, visits: visits)
    let seconds = started.duration(to: clock.now).seconds
    let primitive = E.visitPrimitive
    let why = (try? JSONEncoder().encode(primitive.why)).map { String(decoding: $0, as: UTF8.self) }
    Console.out(
      #"{"era": "\#(E.name)", "riders": \#(riders), "legs": \#(legs), "leg_ms": \#(millis), "#
        + ((threadCap ?? E.floorThreadCap).map { #""thread_cap": \#($0), "# } ?? "")
        + (visits.map {
          #""stations": \#($0.stations), "primitive": "\#(primitive.name)", "#
            + #""per_visit": \#(primitive.perVisit), "why": \#(why ?? "null"), "#
            + #""primitives": \#($0.primitives), "#
        } ?? "")
        + #""wall_seconds": \#(seconds)}"#)
    return ExitCode.done
  }

  private static func fail<E: Era>(_ era: E.Type, _ message: String) -> Int32 {
    Console.error("\(E.executable): \(message)")
    return ExitCode.usageError
  }
}
