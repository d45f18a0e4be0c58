import BikeShare
import Dispatch

/// Decided before a future's work starts: satisfied, or failed with an
/// error that finishes the future instead (the idea of `NSOperation`'s
/// conditions in WWDC 2015's "Advanced NSOperations", as AlecrimAsyncKit
/// took it).
struct FutureCondition: Sendable {
  /// Calls `decide` once, now or later: nil when satisfied, or the error.
  let evaluate: @Sendable (_ decide: @escaping @Sendable ((any Error)?) -> Void) -> Void
  /// Told once the future it let start has finished.
  let finished: @Sendable () -> Void

  init(
    evaluate: @escaping @Sendable (_ decide: @escaping @Sendable ((any Error)?) -> Void) -> Void,
    finished: @escaping @Sendable () -> Void = {}
  ) {
    self.evaluate = evaluate
    self.finished = finished
  }

  /// A condition decided by a test, at once.
  static func satisfied(if test: @escaping @Sendable () -> Bool, else error: any Error)
    -> FutureCondition
  {
    FutureCondition { decide in decide(test() ? nil : error) }
  }

  /// At most one future of `exclusion` runs at a time: the others wait, in
  /// the order they were created, without holding a thread, until the one
  /// running has finished.
  static func mutuallyExclusive(_ exclusion: Exclusion) -> FutureCondition {
    FutureCondition(evaluate: exclusion.enter, finished: exclusion.leave)
  }
}

/// One kind of future of which at most one may run at a time: a bike
/// station's check-and-act, say. AlecrimAsyncKit's
/// `MutuallyExclusiveTaskCondition` named the kind with a string in one
/// table for the whole program; here each kind is an object, so that two
/// runs (or two tests) in one process cannot hold each other up.
final class Exclusion: Sendable {
  private struct State {
    var running = false
    var waiting: [@Sendable ((any Error)?) -> Void] = []
  }

  private let state = Locked(State())

  init() {}

  fileprivate func enter(_ go: @escaping @Sendable ((any Error)?) -> Void) {
    let now = state.withLock { state in
      if state.running {
        state.waiting.append(go)
        return false
      }
      state.running = true
      return true
    }
    if now { go(nil) }
  }

  fileprivate func leave() {
    let next = state.withLock { state -> (@Sendable ((any Error)?) -> Void)? in
      if state.waiting.isEmpty {
        state.running = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?(nil)
  }

  /// A van's turn (`--vans`), waited for on its thread: while a van holds
  /// a station, no rider's exclusive visit runs there either.
  func acquire() {
    let turn = DispatchSemaphore(value: 0)
    enter { _ in turn.signal() }
    turn.wait()
  }

  /// Ends a turn taken with `acquire()`.
  func release() { leave() }

  /// Futures waiting for their turn (for tests).
  var waiting: Int { state.withLock { $0.waiting.count } }
}

/// Told when a future's work starts and when the future finishes.
struct FutureObserver: Sendable {
  var didStart: @Sendable () -> Void = {}
  var didFinish: @Sendable () -> Void = {}
}
