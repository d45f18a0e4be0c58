import Dispatch

/// The bridges between this era and its neighbours: a completion handler
/// wrapped as a future (from chapter 01's world), and a future awaited from
/// Swift's own async code (to chapter 05's).
extension Future {
  /// Wraps a callback API: `call` gets the completion handler that finishes
  /// the future. (AlecrimAsyncKit's `asyncEx`, the everyday use.)
  static func wrapping(
    _ call: (_ completion: @escaping @Sendable (Result<Value, Failure>) -> Void) -> Void
  ) -> Future {
    byHand { future in call { future.finish($0) } }
  }
}

extension Future where Failure == Never {
  /// The value, awaited from async code: the task suspends, no thread is
  /// blocked (a continuation resumed by `whenFinished`). A future that
  /// cannot fail cannot be cancelled either: the await lasts until it finishes.
  var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        whenFinished { continuation.resume(returning: $0.get()) }
      }
    }
  }
}

extension Future where Failure == any Error {
  /// The value, awaited from async code; cancelling the awaiting task
  /// cancels the future, so the await ends at once with `FutureCancelled`.
  var value: Value {
    get async throws {
      try await withTaskCancellationHandler {
        try await withCheckedContinuation { continuation in
          whenFinished { continuation.resume(returning: $0) }
        }.get()
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Future where Value == Void, Failure == any Error {
  /// A future that finishes `interval` from now: `asyncAfter`, a callback
  /// API, wrapped. Cancelling it finishes it at once.
  /// - Parameter queue: where the timer fires (a serial queue of its own
  ///   keeps a deadline on time while the global pool's threads are busy).
  static func after(_ interval: DispatchTimeInterval, on queue: DispatchQueue = .global())
    -> Future
  {
    wrapping { finish in
      queue.asyncAfter(deadline: .now() + interval) { finish(.success(())) }
    }
  }
}
