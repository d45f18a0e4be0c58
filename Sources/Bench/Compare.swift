import BikeShare
import Foundation

/// `bikes-bench compare RUN.json RUN.json [RUN.json...]`: the scale part
/// of two or more runs of the bench (`--format json`), step by step: how
/// far apart their second floors are, as measured and over the simplest
/// floor measured in the same run. The simplest floor has none of the
/// era's code, so it moves only with the machine: where the second floors
/// are far apart and their ratios to it are not, the machine moved, not
/// the floor. It reads files, so a debug build may run it.
enum Compare {
  /// Two floors this close (largest over smallest) are the same floor.
  static let close = 1.10

  static func main(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.out(usage)
      return ExitCode.done
    }
    if arguments.contains("--version") {
      Console.out("\(Bench.executable) \(CommandLineParser.version)")
      return ExitCode.done
    }
    if let flag = arguments.first(where: { $0.hasPrefix("-") }) {
      Console.error(
        "\(Bench.executable): compare: unknown option '\(Text.quoted(flag))' (it takes files)")
      return ExitCode.usageError
    }
    guard arguments.count >= 2 else {
      Console.error(
        "\(Bench.executable): compare needs two or more reports of Scripts/bench.sh"
          + " --format json, got \(arguments.count)")
      return ExitCode.usageError
    }
    var reports: [Report] = []
    for path in arguments {
      switch read(path) {
      case .success(let report): reports.append(report)
      case .failure(let problem):
        Console.error("\(Bench.executable): compare: \(problem.description)")
        return ExitCode.runtimeError
      }
    }
    let lines = table(reports)
    guard !lines.isEmpty else {
      Console.error(
        "\(Bench.executable): compare: the reports have no scale step in common")
      return ExitCode.runtimeError
    }
    Console.out(lines.joined(separator: "\n"))
    return ExitCode.done
  }

  static let usage = """
    usage: bikes-bench compare RUN.json RUN.json [RUN.json...]
      RUN.json: what Scripts/bench.sh --parts scale --format json printed, one
      file a run. Prints each scale step's second floors, run by run, how far
      apart they are, and the same over each run's simplest floor.
    """

  struct Problem: Error, CustomStringConvertible {
    let description: String
  }

  /// One report, read whole; one line saying what is wrong with it otherwise.
  static func read(_ path: String) -> Result<Report, Problem> {
    let shown = "'\(Text.quoted(path))'"
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Problem(description: "cannot read \(shown)"))
    }
    guard let report = Report.decoded(from: data) else {
      return .failure(
        Problem(description: "\(shown) is not a report of Scripts/bench.sh --format json"))
    }
    guard report.scale.contains(where: { $0.secondFloor != nil }) else {
      return .failure(
        Problem(description: "\(shown) has no second floors (run it with --parts scale)"))
    }
    return .success(report)
  }

  /// Largest over smallest (1 when they are equal); nil without two values.
  static func apart(_ values: [Double?]) -> Double? {
    let known = values.compactMap { $0 }.filter { $0 > 0 }
    guard known.count == values.count, known.count >= 2, let low = known.min(),
      let high = known.max()
    else { return nil }
    return high / low
  }

  /// The steps every report has, in the first report's order, with each
  /// report's figures for it.
  static func steps(_ reports: [Report]) -> [[ScaleStep]] {
    guard let first = reports.first else { return [] }
    return first.scale.compactMap { step in
      let same = reports.compactMap { report in
        report.scale.first { $0.era == step.era && $0.riders == step.riders }
      }
      guard same.count == reports.count, same.allSatisfy({ $0.secondFloor != nil }) else {
        return nil
      }
      return same
    }
  }

  /// The table, and what it says in two lines; empty when the reports have
  /// no step in common.
  static func table(_ reports: [Report]) -> [String] {
    let rows = steps(reports)
    guard !rows.isEmpty else { return [] }
    let width = max(14, reports.count * 7 + 1)
    var lines = [
      "bikes-bench compare: the scale part of \(reports.count) runs"
        + (reports.contains { $0.machine.quick }
          ? " (--quick among them: figures for trying, not for quoting)" : ""),
      "second: the second floor, run by run; apart: largest over smallest. Over",
      "simplest: each second floor over its run's simplest floor, which has none of",
      "the era's code and moves only with the machine. x second: the runs' range.",
      "",
      Report.row(
        .left("era", 14), .right("riders", 8), .left("  ", 2), .left("second (s)", width),
        .right("apart", 7), .left("  ", 2), .left("over simplest", width), .right("apart", 7),
        .left("  ", 2), .left("x second", 0)),
    ]
    var counts = (seconds: 0, overSimplest: 0, simplest: [Double]())
    for row in rows {
      let seconds = row.map(\.secondFloorSeconds)
      let over = row.map { step in
        step.secondFloorSeconds.flatMap { second in
          step.simplest?.wallSeconds.flatMap { $0 > 0 ? second / $0 : nil }
        }
      }
      let secondApart = apart(seconds)
      let overApart = apart(over)
      if let secondApart, secondApart <= close { counts.seconds += 1 }
      if let overApart, overApart <= close { counts.overSimplest += 1 }
      if let simplest = apart(row.map { $0.simplest?.wallSeconds }) {
        counts.simplest.append(simplest)
      }
      let ratios = row.compactMap(\.secondRatio)
      let range =
        ratios.count == row.count
        ? [ratios.min(), ratios.max()].map(Report.times).firstOfEach.joined(separator: " to ")
        : "-"
      lines.append(
        Report.row(
          .left(Text.quoted(row[0].era, limit: 14), 14), .right(String(row[0].riders), 8),
          .left("  ", 2),
          .left(
            seconds.map { $0.map(figure) ?? "-" }.joined(separator: " "),
            width),
          .right(percent(secondApart), 7), .left("  ", 2),
          .left(
            over.map { $0.map { String(format: "%.2f", $0) } ?? "-" }.joined(separator: " "), width),
          .right(percent(overApart), 7), .left("  ", 2), .left(range, 0)))
    }
    lines += [
      "",
      "Within \(Int(((close - 1) * 100).rounded())) %: \(counts.seconds) of \(rows.count) second floors;"
        + " \(counts.overSimplest) of \(rows.count) over their simplest floors.",
    ]
    if let low = counts.simplest.min(), let high = counts.simplest.max() {
      lines.append(
        "The simplest floors (the machine) were \(percent(low)) to \(percent(high)) apart.")
    }
    return lines
  }

  /// Seconds to three or four figures: 0.063, 1.39, 20.21, 213.6.
  static func figure(_ seconds: Double) -> String {
    String(format: seconds >= 100 ? "%.1f" : seconds >= 1 ? "%.2f" : "%.3f", seconds)
  }

  /// 1.154 as "15.4 %"; nil as "-".
  static func percent(_ apart: Double?) -> String {
    apart.map { String(format: "%.1f %%", ($0 - 1) * 100) } ?? "-"
  }
}
