import BikeShare
import Foundation
import TestSupport
import Testing

@testable import Bench

/// `bikes-bench compare`: the scale part of several runs of the bench, step
/// by step, the second floors as measured and over each run's simplest.
@Suite struct CompareTests {
  /// A report whose one step has this second floor and simplest floor (and
  /// a run 1.2 times its second floor).
  static func report(
    _ era: String = "actors", riders: Int = 10_000, second: Double, simplest: Double,
    quick: Bool = false, run: Double = 1.2
  ) -> Report {
    var report = Report(machine: Machine(toolchain: "Swift 6.3.1", quick: quick))
    var step = ScaleStep(
      era: era, riders: riders, wallSeconds: second * run, peakMegabytes: 70, peakThreads: 7,
      stopped: nil,
      floor: ScaleStep.Floor(
        legs: 19, wallSeconds: simplest, peakMegabytes: 60, peakThreads: 7, stopped: nil))
    step.simplest = ScaleStep.Floor(
      legs: 19, wallSeconds: simplest, peakMegabytes: 60, peakThreads: 7, stopped: nil)
    step.secondFloor = ScaleStep.Floor(
      legs: 19, wallSeconds: second, peakMegabytes: 65, peakThreads: 7, stopped: nil,
      visits: riders * 20, primitive: "actor call", perVisit: 1, why: "one hop")
    report.scale = [step]
    return report
  }

  /// Two steps in three runs: the actors' second floors a third apart as the
  /// machine moved (their simplest floors moved as much); the callbacks'
  /// close while their simplest moved.
  static var runs: [Report] {
    [(0.90, 0.90, 0.50, 0.20), (1.00, 1.00, 0.52, 0.25), (1.20, 1.20, 0.51, 0.20)].map {
      var report = Self.report(second: $0.0, simplest: $0.1)
      report.scale += Self.report("callbacks", second: $0.2, simplest: $0.3).scale
      return report
    }
  }

  @Test func eachSecondFloorIsSetBesideItsRunsSimplest() {
    let lines = Compare.table(Self.runs)
    #expect(lines.first == "bikes-bench compare: the scale part of 3 runs")
    #expect(
      lines.contains(
        "actors           10000  0.900 1.00 1.20        33.3 %  1.00 1.00 1.00          0.0 %  1.2x"
      ),
      "\(lines.joined(separator: "\n"))")
    #expect(
      lines.contains(
        "callbacks        10000  0.500 0.520 0.510       4.0 %  2.50 2.08 2.55         22.6 %  1.2x"
      ),
      "\(lines.joined(separator: "\n"))")
    #expect(lines.contains("Within 10 %: 1 of 2 second floors; 1 of 2 over their simplest floors."))
    #expect(lines.contains("The simplest floors (the machine) were 25.0 % to 33.3 % apart."))
    for line in lines { #expect(line.count <= 100, "\(line)") }
  }

  /// Only the steps every run has are compared; a quick run says so; the
  /// runs' ratios to their second floors are a range.
  @Test func onlyTheStepsEveryRunHasAreCompared() {
    var first = Self.report(second: 1.0, simplest: 1.0)
    first.scale += Self.report(riders: 100_000, second: 9, simplest: 8).scale
    let second = Self.report(second: 1.05, simplest: 1.0, quick: true, run: 1.5)
    let lines = Compare.table([first, second])
    #expect(
      lines.first
        == "bikes-bench compare: the scale part of 2 runs (--quick among them: figures for"
        + " trying, not for quoting)")
    #expect(!lines.contains { $0.contains("100000") })
    #expect(lines.contains { $0.hasPrefix("actors") && $0.hasSuffix("1.2x to 1.5x") })
    #expect(Compare.table([first, Self.report("callbacks", second: 1, simplest: 1)]).isEmpty)
  }

  @Test func apartIsLargestOverSmallest() {
    #expect(Compare.apart([1.0, 1.2, 1.1]) == 1.2)
    #expect(Compare.apart([2.0, 2.0]) == 1.0)
    #expect(Compare.apart([1.0, nil]) == nil)
    #expect(Compare.apart([1.0]) == nil)
    #expect(Compare.percent(1.154) == "15.4 %" && Compare.percent(nil) == "-")
    #expect(
      [0.0634, 1.386, 20.214, 213.62].map(Compare.figure) == ["0.063", "1.39", "20.21", "213.6"])
  }
}

@Suite(.timeLimit(.minutes(2))) struct CompareProcessTests {
  /// Writes each report as the bench's JSON; returns their paths.
  static func files(_ reports: [Report], named name: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bikes-compare-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try reports.enumerated().map { index, report in
      let file = folder.appendingPathComponent("run-\(index + 1).json")
      try Data(report.json().utf8).write(to: file)
      return file.path
    }
  }

  @Test func theBenchsOwnReportsAreReadBack() async throws {
    let paths = try Self.files(CompareTests.runs, named: "good")
    let result = try await Executable("bikes-bench").running(["compare"] + paths)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputLines == Compare.table(CompareTests.runs).filter { !$0.isEmpty })
    let help = try await Executable("bikes-bench").running(["compare", "--help"])
    #expect(
      help.status == 0 && help.outputLines.first?.hasPrefix("usage: bikes-bench compare") == true)
  }

  /// Bad input: one line on stderr, exit 2 for the command, 1 for a file.
  @Test func badInputIsOneLine() async throws {
    let good = try Self.files(CompareTests.runs, named: "bad")
    var noScale = Report(machine: Machine(toolchain: "Swift 6.3.1", quick: false))
    noScale.operations = [BenchFiguresTests.cost("actors", "safe", ns: 100, bare: 100)]
    let withoutScale = try Self.files([noScale], named: "none")[0]
    let notJSON = good[0] + ".txt"
    try Data("bikes-bench: 2 cores\n".utf8).write(to: URL(fileURLWithPath: notJSON))
    let missing = good[0] + ".missing"
    let cases: [([String], Int32, String)] = [
      ([good[0]], 2, "bikes-bench: compare needs two or more reports of Scripts/bench.sh"),
      (["--fast"] + good, 2, "bikes-bench: compare: unknown option '--fast'"),
      ([good[0], missing], 1, "bikes-bench: compare: cannot read '\(missing)'"),
      ([good[0], notJSON], 1, "bikes-bench: compare: '\(notJSON)' is not a report"),
      ([good[0], withoutScale], 1, "bikes-bench: compare: '\(withoutScale)' has no second floors"),
    ]
    for (arguments, status, message) in cases {
      let result = try await Executable("bikes-bench").running(["compare"] + arguments)
      #expect(result.status == status, "\(arguments)")
      #expect(result.errorLines.count == 1, "\(result.standardError)")
      #expect(result.errorLines.first?.hasPrefix(message) == true, "\(result.standardError)")
      #expect(result.outputLines.isEmpty)
    }
  }
}
