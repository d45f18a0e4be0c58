import TestSupport
import Testing

/// `bikes-dispatch --lock`, run as a user would (the shared command line is
/// `ErasTests/CommandLineContractTests`).
@Suite(.timeLimit(.minutes(3))) struct DispatchLockOptionTests {
  @Test func theReportNamesTheLock() throws {
    let result = try Executable("bikes-dispatch").run([
      "--format", "json", "--mode", "safe", "--lock", "barrier", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.field("config.lock") == "barrier")
  }

  @Test func anUnknownLockIsOneLineAndExitTwo() throws {
    let result = try Executable("bikes-dispatch").run(["--lock", "spinlock"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-dispatch: --lock expects one of mutex, nslock, serial-queue, barrier, atomic, got 'spinlock'"
      ])
  }
}
