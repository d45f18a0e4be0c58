import Foundation

/// `--lock nslock`: Foundation's `NSLock`, a pthread mutex on Linux and Darwin.
/// Under contention the thread that lets go of it may take it again before a
/// waiting thread wakes up (barging): unfair, but fast.
///
/// `withLock` is a recent addition (swift-corelibs-foundation added it in
/// January 2024; Apple's SDK back-deploys it). Code of the era wrote
/// `lock.lock(); defer { lock.unlock() }`, or a small `synchronized` helper.
struct NSLockLock: ClassicLock {
  private let lock = NSLock()
  func withLock<T>(_ body: () -> T) -> T { lock.withLock(body) }
}
