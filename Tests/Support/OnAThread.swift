import Foundation

/// Runs `body`, which blocks (semaphores, `wait()`), on a thread of its own
/// and returns what it returns: an async test must not block the pool's
/// few threads.
public func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
