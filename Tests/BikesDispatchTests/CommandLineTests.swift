import TestSupport
import Testing

/// `bikes-dispatch --lock`, run as a user would (the shared command line is
/// `ErasTests/CommandLineContractTests`).
@Suite(.timeLimit(.minutes(3))) struct DispatchLockOptionTests {
  @Test func theReportNamesTheLock() async throws {
    let result = try await Executable("bikes-dispatch").running([
      "--format", "json", "--mode", "safe", "--lock", "barrier", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.field("config.lock") == "barrier")
  }

  @Test func anUnknownLockIsOneLineAndExitTwo() async throws {
    let result = try await Executable("bikes-dispatch").running(["--lock", "spinlock"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-dispatch: --lock expects one of mutex, nslock, serial-queue, barrier, atomic, got 'spinlock'"
      ])
  }

  /// `--thread-cap 2`: six riders of one 30 ms leg go two at a time, so the
  /// run cannot take less than three legs; the report names the cap.
  @Test func theThreadCapMakesRidersTakeTurns() async throws {
    let result = try await Executable("bikes-dispatch").running([
      "--format", "json", "--mode", "safe", "--thread-cap", "2", "--riders", "6", "--paths", "1",
      "--leg-ms", "30",
    ])
    #expect(result.status == 0)
    #expect(result.field("config.thread_cap") == "2")
    let wall = try #require(result.field("wall_seconds").flatMap(Double.init))
    #expect(wall >= 0.09, "three turns of a 30 ms leg")
    // The text report's header names the era's own settings that are not defaults.
    let text = try await Executable("bikes-dispatch").running([
      "--mode", "safe", "--thread-cap", "2", "--lock", "nslock", "--riders", "2", "--paths", "1",
      "--leg-ms", "0",
    ])
    let header = try #require(text.unfittedLines.first { $0.contains(" · seed ") })
    // (A safe report names no race window: the pause is the racy mode's.)
    #expect(header.hasSuffix(" · leg 0 ms · lock nslock · thread cap 2"), "\(header)")
  }

  @Test func theThreadCapIsForAWholeRunOnly() async throws {
    for (arguments, message) in [
      (["--thread-cap", "0"], "--thread-cap expects a whole number from 1 to 10000, got 0"),
      (["replay", "--thread-cap", "4"], "replay does not take --thread-cap (a whole run does)"),
    ] {
      let result = try await Executable("bikes-dispatch").running(arguments)
      #expect(result.status == 2)
      #expect(result.errorLines == ["bikes-dispatch: " + message])
    }
    // The other eras do not have it.
    let callbacks = try await Executable("bikes-callbacks").running(["--thread-cap", "4"])
    #expect(callbacks.status == 2)
  }
}
