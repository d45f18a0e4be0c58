import TestSupport
import Testing

/// The operations in flight, as `--log` shows them (the shared command line
/// is `ErasTests/CommandLineContractTests`).
@Suite(.timeLimit(.minutes(3))) struct OperationsLiveCountersTests {
  @Test func logShowsOperationsInFlightAsTheRunGoes() async throws {
    let result = try await Executable("bikes-operations").running([
      "--mode", "safe", "--riders", "3", "--paths", "1", "--leg-ms", "0", "--log",
    ])
    #expect(result.status == 0)
    let live = result.outputLines.filter { $0.hasPrefix("in flight: riders ") }
    #expect(live.count >= 3 * 2)  // one after every take or leave
    #expect(result.prints("operations on run queue: 4 added"))
  }
}
