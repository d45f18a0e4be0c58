import Dispatch
import Foundation
import Testing

@testable import BikeShare

/// `Locked` is the lock under every era's bookkeeping (results, counters,
/// the gate, futures, steps): if it let two threads in at once, the lessons
/// built on that bookkeeping would be wrong. Whether ThreadSanitizer sees
/// it is `Scripts/tsan.sh`'s job (0 reports in every era's safe mode).
@Suite(.timeLimit(.minutes(1))) struct LockedTests {
  /// Four threads read, change and write one dictionary entry 20,000 times
  /// each: a lock that let two in at once loses updates (a read-modify-write
  /// of a dictionary is far from atomic), so the total comes out short.
  // NB: make `withLock` skip `pthread_mutex_lock` and this fails.
  @Test func fourThreadsNeverLoseAnUpdate() {
    let counts = Locked<[String: Int]>([:])
    let threads = 4
    let adds = 20_000
    let done = DispatchGroup()
    for _ in 0..<threads {
      done.enter()
      Thread.detachNewThread {
        for _ in 0..<adds { counts.withLock { $0["bikes", default: 0] += 1 } }
        done.leave()
      }
    }
    #expect(done.wait(timeout: .now() + 30) == .success, "the threads did not finish in 30 s")
    #expect(counts.withLock { $0["bikes"] } == threads * adds)
  }

  struct Refused: Error, Equatable {}

  /// A throwing body hands its own error type out and lets go of the lock:
  /// the next `withLock` on the same thread gets in (a lock left held would
  /// stop the program with "a recursive lock?").
  @Test func aThrowingBodyRethrowsItsErrorAndReleasesTheLock() {
    let value = Locked(1)
    #expect(throws: Refused()) {
      try value.withLock { (count: inout Int) throws(Refused) -> Void in
        count += 1
        throw Refused()
      }
    }
    #expect(value.withLock { $0 } == 2)
  }
}
