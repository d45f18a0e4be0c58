import BikeShare

// The bridge to async/await: wrap a completion handler in a checked
// continuation, and async code can call the callback API with `await`.
// (In 2015, AlecrimAsyncKit's `asyncEx` did this by hand for its futures.)
extension Station {
  /// `takeBike(on:completion:)` for async callers.
  func takeBike() async -> StationCounts? {
    await withCheckedContinuation { continuation in
      takeBike(on: .global()) { counts in continuation.resume(returning: counts) }
    }
  }

  /// `counts(on:completion:)` for async callers.
  func counts() async -> StationCounts {
    await withCheckedContinuation { continuation in
      counts(on: .global()) { counts in continuation.resume(returning: counts) }
    }
  }
}
