import TestSupport
import Testing

/// The built `bikes-callbacks`, run as a user would.
@Suite struct CallbacksCommandLineTests {
  let checks: CommandLineChecks
  init() throws { checks = try CommandLineChecks(era: "callbacks") }

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
