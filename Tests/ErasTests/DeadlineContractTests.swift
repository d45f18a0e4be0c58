import BikeShare
import Foundation
import TestSupport
import Testing

/// `--deadline-ms` on the real runtime, in every era: each rider's timer
/// calls it off, in its era's idiom, wherever it is then (at a station, on a
/// leg, on foot). Journeys of 40 legs of 5 ms or more against a deadline of
/// 30 ms: every rider is still out when its timer fires, so every rider is
/// called off, in every run, by construction.
@Suite(.timeLimit(.minutes(2))) struct DeadlineContractTests {
  /// Bikes and slots enough that nobody waits.
  static let stations = [
    StationRecord(id: "x-rossio", name: "Rossio", freeBikes: 10, emptySlots: 10),
    StationRecord(id: "y-chiado", name: "Chiado", freeBikes: 10, emptySlots: 10),
  ]

  static func run(_ era: EraUnderTest, _ mode: Mode) async throws -> RunReport {
    try await simulate(
      era.era, mode, stations: Self.stations, riders: 6, paths: 20, legMilliseconds: 5,
      deadlineMilliseconds: 30)
  }

  /// Safe: every rider stops, none holding a bike (one holding a bike docks it first).
  @Test(arguments: Eras.all)
  func aSafeRiderPastItsDeadlineStrandsNoBike(era: EraUnderTest) async throws {
    let report = try await Self.run(era, .safe)
    let callOffs = try #require(report.callOffs)
    #expect(callOffs.calledOff == 6, "\(callOffs)")
    #expect(callOffs.stopped == 6)
    #expect(callOffs.stranded == 0)
    #expect(callOffs.deadlineMilliseconds == 30)
    #expect(report.bikesRidden == 0)
    #expect(report.conserved)
    #expect(!report.hasViolations)
  }

  /// Racy: every rider stops where it notices, holding what it holds; the
  /// audit counts exactly the bikes that left with them. (Which riders hold
  /// a bike then is the runtime's; the cancel story explores every order.)
  @Test(arguments: Eras.all)
  func aRacyRiderPastItsDeadlineStopsWhereItNotices(era: EraUnderTest) async throws {
    let report = try await Self.run(era, .racy)
    let callOffs = try #require(report.callOffs)
    #expect(callOffs.calledOff == 6, "\(callOffs)")
    #expect(callOffs.stopped == 6)
    #expect(callOffs.visitsAfter == 0)
    #expect(report.stranded == report.bikesRidden)
    #expect(report.conserved)
  }

  /// Timers that race the stations' answers (legs of 0 ms, a deadline of
  /// 1 ms, hundreds of riders): a timer only calls off, so no rider's
  /// completion is called twice and no continuation is resumed twice (either
  /// would trap: `dispatch_group_leave`, `CheckedContinuation`). Run as a
  /// child, so a trap fails this test instead of the suite.
  @Test(arguments: Eras.all)
  func aDeadlineRacingTheAnswersEndsEachRiderOnce(era: EraUnderTest) async throws {
    for mode in ["racy", "safe"] {
      let result = try await era.executable().running(
        [
          "--mode", mode, "--riders", "300", "--paths", "20", "--leg-ms", "0",
          "--deadline-ms", "1", "--format", "json",
        ], limit: 60)
      #expect(result.status == ExitCode.done, "\(mode): \(result.standardError)")
      let report = try RunReport(jsonLine: try #require(result.outputLines.first))
      #expect(report.riders == 300)
      #expect(report.conserved)
      #expect((report.calledOff ?? -1) <= 300)
      #expect((report.stoppedAfterCallOff ?? -1) == report.calledOff)
      if mode == "safe" { #expect(report.stranded == 0) }
    }
  }

  /// As a user runs it: the report's line names the deadline.
  @Test func theReportSaysItWasADeadline() async throws {
    let text = try await Executable("bikes-dispatch").running(
      [
        "--mode", "safe", "--riders", "4", "--paths", "20", "--leg-ms", "5", "--deadline-ms",
        "30",
      ], limit: 60)
    #expect(text.status == ExitCode.done)
    #expect(text.outputLines.contains { $0.hasPrefix("called off by a 30 ms deadline: 4 riders") })
  }
}
