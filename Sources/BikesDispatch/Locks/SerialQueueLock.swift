import Dispatch

/// `--lock serial-queue`: a serial `DispatchQueue` and `sync`: one block at a time.
struct SerialQueueLock: ClassicLock {
  private let queue = DispatchQueue(label: "station")
  func withLock<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
}
