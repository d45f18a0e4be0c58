import BikeShare
import Foundation
import TestSupport
import Testing

/// `--call-off` on the real runtime, in every era. The app calls a rider
/// off as it sets off on the ride the dice chose, and the rider looks once
/// its leg is over (or at once, where the call-off ends the leg): so every
/// call-off lands while the rider holds its bike, in every run, by
/// construction rather than by luck.
@Suite(.timeLimit(.minutes(2))) struct CallOffContractTests {
  /// Bikes and slots enough that every rider gets its three rides.
  static let stations = [
    StationRecord(id: "x-rossio", name: "Rossio", freeBikes: 10, emptySlots: 10),
    StationRecord(id: "y-chiado", name: "Chiado", freeBikes: 10, emptySlots: 10),
  ]

  @Test(arguments: Eras.all)
  func aRacyRiderCalledOffStopsHoldingItsBike(era: EraUnderTest) async throws {
    let report = try await simulate(
      era.era, .racy, stations: Self.stations, riders: 6, paths: 3, legMilliseconds: 1,
      callOffs: 4)
    let callOffs = try #require(report.callOffs)
    #expect(callOffs.calledOff == 4)
    #expect(callOffs.stopped == 4)
    #expect(callOffs.stranded == 4, "\(callOffs)")
    #expect(callOffs.visitsAfter == 0)
    #expect(report.stranded == 4)
    #expect(report.hasViolations)
    #expect(report.verdict == .raceShown)
  }

  @Test(arguments: Eras.all)
  func aSafeRiderCalledOffDocksItsBikeFirst(era: EraUnderTest) async throws {
    let report = try await simulate(
      era.era, .safe, stations: Self.stations, riders: 6, paths: 3, legMilliseconds: 1,
      callOffs: 4)
    let callOffs = try #require(report.callOffs)
    #expect(callOffs.calledOff == 4)
    #expect(callOffs.stopped == 4)
    #expect(callOffs.stranded == 0, "\(callOffs)")
    #expect(callOffs.visitsAfter >= 4, "each docks on a visit after its call-off")
    #expect(report.bikesRidden == 0)
    #expect(report.conserved)
    #expect(!report.hasViolations)
  }

  /// As a user runs it: the report's line, the JSON, and exit 3.
  @Test(arguments: Eras.all)
  func strandedBikesFailTheRun(era: EraUnderTest) async throws {
    let result = try await era.executable().running(
      [
        "--mode", "racy", "--riders", "6", "--paths", "3", "--leg-ms", "1", "--call-off", "3",
        "--format", "json", "--fail-on-violation",
      ], limit: 60)
    #expect(result.status == ExitCode.violations, "\(result.standardError)")
    let line = try #require(result.outputLines.first, "\(result.standardError)")
    let report = try RunReport(jsonLine: line)
    #expect(report.calledOff == 3)
    #expect(report.stranded == 3)
    #expect(line.contains(#""called_off":3"#) && line.contains(#""stranded":3"#))
    let text = try await era.executable().running(
      ["--mode", "safe", "--riders", "6", "--paths", "3", "--leg-ms", "1", "--call-off", "3"],
      limit: 60)
    #expect(text.status == ExitCode.done)
    #expect(text.outputLines.contains { $0.hasPrefix("called off: 3 riders · stopped ") })
    #expect(text.outputLines.contains { $0.hasSuffix(" · stranded: none") })
  }
}
