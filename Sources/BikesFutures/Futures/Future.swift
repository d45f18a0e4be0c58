import BikeShare
import Dispatch
import Foundation

/// A value (or an error) that work already under way will produce: the
/// 2015 idea of a task, written small for this era.
///
/// The work starts when the future is created, on a queue (or on a thread of
/// its own). `wait()` blocks the calling thread until it has finished; many
/// callers may wait for one future, and its work runs once. A future is
/// finished exactly once: by its work, by hand (`Future.byHand`), by
/// `cancel()`, or by a condition that fails; whatever comes later is ignored.
///
/// The names keep clear of Swift's own: AlecrimAsyncKit (2015) called its
/// type `Task` and its blocking function `await(task)`. Swift 5.5 made
/// `await` a keyword and `Task` a type of the standard library, with other
/// meanings (chapter 05).
///
/// `Failure` is `Never` for a future that cannot fail, `any Error` for one
/// that can (only those can be cancelled or have conditions).
final class Future<Value: Sendable, Failure: Error>: Sendable {
  /// Where a future's work runs unless it names a queue.
  static var defaultQueue: DispatchQueue { .global() }

  private struct State {
    var result: Result<Value, Failure>?
    var callbacks: [@Sendable (Result<Value, Failure>) -> Void] = []
  }

  private let state = Locked(State())
  private let observers: [FutureObserver]

  fileprivate init(observers: [FutureObserver]) {
    self.observers = observers
  }

  /// Starts `work` on `queue` at once.
  convenience init(
    on queue: DispatchQueue = defaultQueue, observers: [FutureObserver] = [],
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) {
    self.init(observers: observers)
    queue.async { self.run(work) }
  }

  /// Starts `work` on `queue` once every condition is satisfied, in order;
  /// the first that fails finishes the future with its error, and the work
  /// never runs. Only a future that can fail has conditions.
  convenience init(
    on queue: DispatchQueue = defaultQueue, conditions: [FutureCondition],
    observers: [FutureObserver] = [], _ work: @escaping @Sendable () throws(Failure) -> Value
  ) where Failure == any Error {
    self.init(observers: observers)
    // The request the caller is sending goes with the work, as a task's
    // task-local values go with the tasks it makes (a safe visit's work is
    // such a future: the report's overtaking count, chapter 10).
    let request = RequestStamp.current
    evaluate(conditions[...]) { failure in
      if let failure {
        self.finish(.failure(failure))
        return
      }
      queue.async { RequestStamp.$current.withValue(request) { self.run(work) } }
    }
  }

  /// Evaluates `conditions` one after another; `then` gets the first
  /// failure, or nil. Each condition satisfied is told when the future finishes.
  private func evaluate(
    _ conditions: ArraySlice<FutureCondition>,
    then: @escaping @Sendable ((any Error)?) -> Void
  ) {
    guard let condition = conditions.first else { return then(nil) }
    condition.evaluate { failure in
      if let failure { return then(failure) }
      self.whenFinished { _ in condition.finished() }
      self.evaluate(conditions.dropFirst(), then: then)
    }
  }

  /// Starts `work` on a new thread of its own, for work that blocks (a
  /// rider's whole journey): a queue's pool has few threads to block.
  /// With `reusing` (under the explorer's gate), a thread kept from an
  /// earlier run (`ThreadCache`).
  static func onNewThread(
    stackSize: Int = 256 * 1024, observers: [FutureObserver] = [], reusing: Bool = false,
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) -> Future {
    let future = Future(observers: observers)
    if reusing {
      ThreadCache.shared.run { future.run(work) }
      return future
    }
    let thread = Thread { future.run(work) }
    thread.stackSize = stackSize
    thread.start()
    return future
  }

  /// AlecrimAsyncKit's `asyncEx`: `start` gets the future and must finish it
  /// by hand, now or later, typically from a completion handler.
  static func byHand(_ start: (Future) -> Void) -> Future {
    let future = Future(observers: [])
    start(future)
    return future
  }

  /// Runs the work unless the future has already finished (cancelled).
  fileprivate func run(_ work: @Sendable () throws(Failure) -> Value) {
    guard !isFinished else { return }
    for observer in observers { observer.didStart() }
    finish(Result(catching: work))
  }

  // MARK: - Finishing

  /// Finishes the future, if nothing has yet; wakes everyone waiting.
  /// Returns whether this result is the future's: false when it had
  /// finished before (cancelled, say), and `result` is ignored. Work that
  /// took something for its waiter gives it back on false.
  @discardableResult
  func finish(_ result: Result<Value, Failure>) -> Bool {
    let callbacks = state.withLock { state -> [@Sendable (Result<Value, Failure>) -> Void]? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.callbacks = [] }
      return state.callbacks
    }
    guard let callbacks else { return false }  // finished before: ignored
    for observer in observers { observer.didFinish() }
    for callback in callbacks { callback(result) }
    return true
  }

  @discardableResult
  func finish(_ value: Value) -> Bool { finish(.success(value)) }

  var isFinished: Bool { state.withLock { $0.result != nil } }

  /// Calls `callback` once the future has finished (at once if it has), on
  /// the thread that finishes it: the way to use a future without blocking.
  func whenFinished(_ callback: @escaping @Sendable (Result<Value, Failure>) -> Void) {
    let finished = state.withLock { state -> Result<Value, Failure>? in
      if state.result == nil { state.callbacks.append(callback) }
      return state.result
    }
    if let finished { callback(finished) }
  }

  // MARK: - The blocking wait

  /// AlecrimAsyncKit's `await(task)`: blocks the calling thread until the
  /// future has finished, then returns its value or throws its error.
  ///
  /// Never on the main thread: it would freeze the user interface (and the
  /// main queue), so the library stops the program there (the 2015 one
  /// refused the main thread too).
  @available(*, noasync, message: "it blocks its thread; from async code use `await future.value`")
  func wait() throws(Failure) -> Value {
    precondition(
      !MainThread.isCurrent,
      "Future.wait() blocks its thread: never call it on the main thread (use whenFinished)")
    if let result = state.withLock({ $0.result }) { return try result.get() }
    let woken = DispatchSemaphore(value: 0)
    whenFinished { _ in woken.signal() }
    woken.wait()
    return try state.withLock { $0.result! }.get()
  }
}

extension Future where Failure == any Error {
  /// Finishes the future with `FutureCancelled`: its waiters wake at once.
  /// Work already running goes on until it checks `isCancelled` (its result
  /// is then ignored); work not yet started never starts.
  func cancel() { finish(.failure(FutureCancelled())) }

  var isCancelled: Bool {
    guard case .failure(let error)? = state.withLock({ $0.result }) else { return false }
    return error is FutureCancelled
  }
}

/// The error of a cancelled future (AlecrimAsyncKit used `NSUserCancelledError`).
struct FutureCancelled: Error, Equatable {}

/// Where `wait()` must never block.
enum MainThread {
  /// A mark on the main queue. On Linux the main queue's blocks can run on a
  /// thread Foundation does not call the main thread (in a test runner, for
  /// one), so the queue is asked too.
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// True on the main thread, or in a block of the main queue.
  ///
  /// The thread's own object, not the class's `Thread.isMainThread`: on
  /// Linux that asks the kernel each time (`syscall(SYS_gettid) ==
  /// getpid()`, swift-corelibs-foundation's CFPlatform.c), a system call
  /// every wait; `Thread.current` is kept per thread.
  @available(*, noasync)
  static var isCurrent: Bool {
    Thread.current.isMainThread || DispatchQueue.getSpecific(key: key) == true
  }
}
