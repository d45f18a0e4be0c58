import BikeShare
import TestSupport
import Testing

/// `bikes-futures --exclusive`, run as a user would (the shared command line
/// is `ErasTests/CommandLineContractTests`).
@Suite(.timeLimit(.minutes(3))) struct FuturesCommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-futures") }

  @Test func anUnknownExclusiveIsOneLineAndExitTwo() async throws {
    let result = try await bikes.running(["--exclusive", "lock"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-futures: --exclusive expects one of condition, station, got 'lock'"
      ])
  }

  @Test(arguments: FuturesExclusive.allCases)
  func jsonNamesTheEraAndTheFix(exclusive: FuturesExclusive) async throws {
    let result = try await bikes.running([
      "--format", "json", "--mode", "safe", "--riders", "4", "--leg-ms", "0", "--exclusive",
      exclusive.rawValue,
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 1)
    #expect(result.field("era") == "futures")
    #expect(result.field("config.exclusive") == exclusive.rawValue)
  }

  /// Minute-long legs: the run can only end quickly (within the time limit)
  /// by being stopped, which cancels every rider's leg future. (The default,
  /// `condition`, is in the contract suite.)
  @Test(.timeLimit(.minutes(1)), arguments: [FuturesExclusive.station])
  func ctrlCEndsTheRunWithAPartialReport(exclusive: FuturesExclusive) async throws {
    let result = try await bikes.interrupting([
      "--mode", "safe", "--leg-ms", "60000", "--log", "--exclusive", exclusive.rawValue,
    ]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.prints("futures · safe · STOPPED (partial report)"))
    #expect(result.prints(": conserved"))
  }
}
