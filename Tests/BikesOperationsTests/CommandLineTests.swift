import TestSupport
import Testing

/// The built `bikes-operations`, run as a user would.
@Suite struct OperationsCommandLineTests {
  let checks: CommandLineChecks
  init() throws { checks = try CommandLineChecks(era: "operations") }

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

@Suite struct OperationsLiveCountersTests {
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
