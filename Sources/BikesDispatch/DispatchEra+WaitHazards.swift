import BikeShare
import Foundation

/// `bikes-dispatch hazards if-not-while`: waiting for a condition (the wait
/// story, chapter 11) with `if` where `while` belongs.
extension DispatchEra {
  /// Two riders wait on an `NSCondition` for a bike; the van docks one and
  /// calls `broadcast()`, which wakes both.
  static let ifNotWhile = Hazard(
    name: "if-not-while",
    what: "2 riders wait for a bike on an NSCondition with if; the van docks 1 and broadcasts",
    rule: "wait in a while loop that checks again: a wake-up says look, not that it holds",
    broken: "if free == 0 { wait() }: both woken, both take", expect: .finish,
    fix: "while free == 0 { wait() }: one takes, one waits",
    .blocking { fixed, watch in
      let rossio = ConditionRossio(fixed: fixed)
      let riders = DispatchGroup()
      for name in ["A", "B"] {
        riders.enter()
        Thread {
          watch.waiting(name, "\(name) waits in wait() for a bike")
          rossio.takeBike()
          watch.waiting(name, nil)
          watch.progress()
          riders.leave()
        }.start()
      }
      rossio.dock(afterWaiters: 2)
      // Fixed, one rider waits again: the van brings it a second bike.
      if fixed { rossio.dock(afterWaiters: 1) }
      riders.wait()
      let lowest = rossio.lowest
      return HazardFinish(
        lowest < 0
          ? "free reached \(lowest): two riders on one bike"
          : "both rode, one bike each; free never below 0",
        showed: fixed ? lowest == 0 : lowest < 0)
    })
}

/// Rossio's free bikes under an `NSCondition`; each rider that goes to
/// wait says so on a semaphore, so that the van docks only once the
/// riders are inside `wait()` (the case is the same on every run).
///
/// Swift 6 opt-out: `free` and `lowest` are only touched under
/// `condition`'s lock, which the compiler cannot see.
private final class ConditionRossio: @unchecked Sendable {
  private let condition = NSCondition()
  private let waiters = DispatchSemaphore(value: 0)
  private let fixed: Bool
  private var free = 0
  private var lowestSeen = 0

  init(fixed: Bool) { self.fixed = fixed }

  func takeBike() {
    condition.lock()
    defer { condition.unlock() }
    if fixed {
      while free == 0 { sleep() }
    } else {
      if free == 0 { sleep() }
    }
    free -= 1
    lowestSeen = min(lowestSeen, free)
  }

  /// Under the lock: tells the van, then waits (which lets go of the lock).
  private func sleep() {
    waiters.signal()
    condition.wait()
  }

  /// Once `count` riders are inside `wait()`: one bike, and every waiter woken.
  func dock(afterWaiters count: Int) {
    for _ in 0..<count { waiters.wait() }
    condition.lock()
    free += 1
    condition.broadcast()
    condition.unlock()
  }

  var lowest: Int {
    condition.lock()
    defer { condition.unlock() }
    return lowestSeen
  }
}
