import Foundation

extension Stage {
  /// Runs `body` for each of `indices` (the stage's riders or vans) on a
  /// thread of its own, as a blocking era's riders and vans run, and returns
  /// once every one has returned. A blocking probe holds its thread: each
  /// participant held by the scripted gate needs its own.
  /// With `reusing` (under the gate), the threads are kept for the next
  /// run (`ThreadCache`).
  public static func eachOnAThread(
    _ indices: [Int], reusing: Bool = false, _ body: @escaping @Sendable (Int) -> Void
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      for index in indices {
        all.enter()
        onAThread(reusing: reusing) {
          body(index)
          all.leave()
        }
      }
      all.notify(queue: .global()) { continuation.resume() }
    }
  }
}
