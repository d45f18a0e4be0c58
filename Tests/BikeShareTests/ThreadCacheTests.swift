import Foundation
import Testing

@testable import BikeShare

/// The gate's kept threads: work runs on a thread of its own, and a thread
/// whose work is done takes the next work instead of a new thread.
@Suite(.timeLimit(.minutes(1))) struct ThreadCacheTests {
  /// Runs `body` on `cache` and returns the thread it ran on, once it has.
  static func threadOf(_ cache: ThreadCache) -> pthread_t {
    let ran = DispatchSemaphore(value: 0)
    let thread = Locked<pthread_t?>(nil)
    cache.run {
      thread.withLock { $0 = pthread_self() }
      ran.signal()
    }
    ran.wait()
    return thread.withLock { $0 }!
  }

  @Test func aThreadWhoseWorkIsDoneTakesTheNext() {
    let cache = ThreadCache()
    let first = Self.threadOf(cache)
    #expect(pthread_equal(first, pthread_self()) == 0)
    // The worker goes back to the idle list as its work returns.
    while cache.idleCount == 0 { sched_yield() }
    let second = Self.threadOf(cache)
    #expect(pthread_equal(first, second) != 0)
    #expect(cache.idleCount == 0 || cache.idleCount == 1)
  }

  @Test func workThatRunsAtOnceGetsThreadsOfItsOwn() {
    let cache = ThreadCache()
    // Two pieces of work that each wait for the other: one thread could not run both.
    let (a, b) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let done = DispatchGroup()
    done.enter()
    cache.run {
      a.signal()
      b.wait()
      done.leave()
    }
    done.enter()
    cache.run {
      b.signal()
      a.wait()
      done.leave()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
  }
}
