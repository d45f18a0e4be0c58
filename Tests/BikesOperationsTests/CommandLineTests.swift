import TestSupport
import Testing

/// The built `bikes-operations`, run as a user would.
@Suite(.timeLimit(.minutes(3))) struct OperationsCommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-operations") }

  @Test func replayPrintsTheSameStepsEveryTime() throws {
    let first = try bikes.run(["replay"])
    let second = try bikes.run(["replay"])
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    #expect(
      first.standardOutput.contains("4. A leaves a bike at Rossio: free 7, empty -1  ← empty -1"))
    #expect(first.standardOutput.contains("2. B is turned away at Rossio: no empty slot"))
  }

  @Test func badInputIsOneLineAndExitTwo() throws {
    let result = try bikes.run(["--riders", "none"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-operations: --riders expects a whole number from 1 to 100000, got 'none'"
      ])
  }

  @Test func jsonNamesTheEra() throws {
    let result = try bikes.run([
      "--format", "json", "--mode", "safe", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 1)
    #expect(result.standardOutput.contains(#""era":"operations""#))
  }

  /// Minute-long legs: the run can only end quickly (within the time limit)
  /// by being stopped.
  @Test(.timeLimit(.minutes(1)))
  func ctrlCEndsTheRunWithAPartialReport() throws {
    let result = try bikes.interrupt(["--mode", "safe", "--leg-ms", "60000", "--log"]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.standardOutput.contains("operations · safe · STOPPED (partial report)"))
    #expect(result.standardOutput.contains(": conserved"))
  }
}

@Suite(.timeLimit(.minutes(3))) struct OperationsLiveCountersTests {
  @Test func logShowsOperationsInFlightAsTheRunGoes() throws {
    let result = try Executable("bikes-operations").run([
      "--mode", "safe", "--riders", "3", "--paths", "1", "--leg-ms", "0", "--log",
    ])
    #expect(result.status == 0)
    let live = result.outputLines.filter { $0.hasPrefix("in flight: riders ") }
    #expect(live.count >= 3 * 2)  // one after every take or leave
    #expect(result.standardOutput.contains("operations on run queue: 4 added"))
  }
}
