import Dispatch

/// `--lock barrier`: a concurrent queue. Reads run side by side with `sync`;
/// an update is a `.barrier` block, which waits for the reads before it and
/// runs alone.
struct BarrierLock: ClassicLock {
  private let queue = DispatchQueue(label: "station", attributes: .concurrent)
  func withReadLock<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
  func withLock<T>(_ body: () -> T) -> T { queue.sync(flags: .barrier, execute: body) }
}
