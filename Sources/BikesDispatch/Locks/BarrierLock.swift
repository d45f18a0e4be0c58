import Dispatch

/// `--lock barrier`: a concurrent queue. Reads run side by side with `sync`;
/// an update is a `.barrier` block, which waits for the reads before it and
/// runs alone. Barriers work on a concurrent queue you create (Apple documents
/// them for a "private concurrent queue"), hence a queue of its own rather
/// than a global one. The era often wrote updates as `async(flags: .barrier)`;
/// this one is `sync` because the update returns a value.
struct BarrierLock: ClassicLock {
  private let queue = DispatchQueue(label: "station", attributes: .concurrent)
  func withReadLock<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
  func withLock<T>(_ body: () -> T) -> T { queue.sync(flags: .barrier, execute: body) }
}
