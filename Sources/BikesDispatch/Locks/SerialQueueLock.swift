import Dispatch

/// `--lock serial-queue`: a serial `DispatchQueue` and `sync`: one block at a time.
///
/// `sync` runs the block on the calling thread whenever it can (Apple's
/// documentation for `sync(execute:)`), so the cost under contention is not
/// a trip to another thread: it is the queue's first-in, first-out hand-off.
/// A caller that finds the queue busy sleeps, and is woken in its turn.
struct SerialQueueLock: ClassicLock {
  private let queue = DispatchQueue(label: "station")
  func withLock<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
}
