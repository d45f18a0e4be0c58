// What: the dispatch era's racy mode: check under the lock, let go, act
// under the lock. Every access is protected.
// Caught by: nothing: no data race, a race condition.
// Verdict: compiles
import Synchronization

final class Station: Sendable {
  let freeBikes = Mutex(1)

  func rent() {
    if freeBikes.withLock({ $0 }) > 0 {
      freeBikes.withLock { $0 -= 1 }
    }
  }
}
