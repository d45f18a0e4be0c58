import Foundation
import TestSupport
import Testing

/// The built `bikes-dispatch`, run as a user would.
@Suite struct DispatchCommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-dispatch") }

  @Test func replayPrintsTheSameStepsEveryTime() throws {
    let first = try bikes.run(["replay"])
    let second = try bikes.run(["replay"])
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    #expect(first.standardOutput.contains("4. A leaves a bike at Rossio: free 7, empty -1"))
    #expect(first.standardOutput.contains("2. B is turned away at Rossio: no empty slot"))
  }

  @Test func badInputIsOneLineAndExitTwo() throws {
    let result = try bikes.run(["--riders", "none"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-dispatch: --riders expects a whole number from 1 to 100000, got 'none'"
      ])
  }

  @Test func jsonNamesTheEra() throws {
    let result = try bikes.run([
      "--format", "json", "--mode", "safe", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 1)
    #expect(result.standardOutput.contains(#""era":"dispatch""#))
  }

  @Test(.timeLimit(.minutes(1)))
  func ctrlCEndsTheRunWithAPartialReport() throws {
    // Minute-long legs: the run can only end this quickly by being stopped.
    let result = try bikes.interrupt(["--mode", "safe", "--leg-ms", "60000", "--log"]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.standardOutput.contains("dispatch · safe · STOPPED (partial report)"))
    #expect(result.standardOutput.contains(": conserved"))
  }
}

@Suite struct DispatchLockOptionTests {
  @Test func theReportNamesTheLock() throws {
    let result = try Executable("bikes-dispatch").run([
      "--format", "json", "--mode", "safe", "--lock", "barrier", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains(#""lock":"barrier""#))
  }

  @Test func anUnknownLockIsOneLineAndExitTwo() throws {
    let result = try Executable("bikes-dispatch").run(["--lock", "spinlock"])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1)
  }
}
