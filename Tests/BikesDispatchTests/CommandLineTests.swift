import TestSupport
import Testing

/// The built `bikes-dispatch`, run as a user would.
@Suite struct DispatchCommandLineTests {
  let checks: CommandLineChecks
  init() throws { checks = try CommandLineChecks(era: "dispatch") }

  @Test func replayPrintsTheSameStepsEveryTime() throws {
    try checks.replayPrintsTheSameStepsEveryTime()
  }

  @Test func badInputIsOneLineAndExitTwo() throws { try checks.badInputIsOneLineAndExitTwo() }

  @Test func jsonNamesTheEra() throws { try checks.jsonNamesTheEra() }

  @Test(.timeLimit(.minutes(1)))
  func ctrlCEndsTheRunWithAPartialReport() throws {
    try checks.ctrlCEndsTheRunWithAPartialReport()
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
