import Foundation
import Testing

@testable import BikeShare

/// `explore` pins its process to one processor (Linux): every thread there
/// is, and every thread they start, runs on the processor the caller ran on.
@Suite struct OneProcessorTests {
  #if os(Linux)
    @Test func everyThreadAndEveryNewOneRunsOnOneProcessor() {
      let before = OneProcessor.processors
      let replaced = OneProcessor.pin()
      defer { OneProcessor.restore(replaced) }
      #expect(OneProcessor.processors == 1)
      #expect(!replaced.isEmpty)
      let seen = Locked(0)
      let done = DispatchSemaphore(value: 0)
      Thread {
        seen.withLock { $0 = OneProcessor.processors }
        done.signal()
      }.start()
      done.wait()
      #expect(seen.withLock { $0 } == 1)
      OneProcessor.restore(replaced)
      #expect(OneProcessor.processors == before)
    }
  #endif
}
