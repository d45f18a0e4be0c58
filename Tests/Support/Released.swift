import Synchronization

/// Counts deallocations and lets a test wait (without sleeping) for them.
public final class Released: Sendable {
  private struct State {
    var count = 0
    var expected = Int.max
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  public init() {}

  /// Give this to whatever is deallocated (it is called from `deinit`).
  public var one: @Sendable () -> Void {
    {
      let waiter = self.state.withLock { state in
        state.count += 1
        return state.count >= state.expected ? state.waiter.take() : nil
      }
      waiter?.resume()
    }
  }

  /// Waits until `expected` objects are released, or the test is cancelled
  /// (its time limit).
  public func all(_ expected: Int) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let done = state.withLock { state in
          state.expected = expected
          if state.count >= expected || Task.isCancelled { return true }
          state.waiter = continuation
          return false
        }
        if done { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiter.take() }?.resume()
    }
  }

  public var count: Int { state.withLock { $0.count } }
}
