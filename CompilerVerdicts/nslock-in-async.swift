// What: an `NSLock` taken inside an `async` function.
// Caught by: `noasync` availability on Foundation's lock (SE-0340).
// Verdict: error: instance method 'lock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead
// Verdict: error: instance method 'unlock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead
import Foundation

func visit(_ lock: NSLock) async {
  lock.lock()
  lock.unlock()
}
