import Foundation

/// `--lock nslock`: Foundation's `NSLock` (a pthread mutex).
struct NSLockLock: ClassicLock {
  private let lock = NSLock()
  func withLock<T>(_ body: () -> T) -> T { lock.withLock(body) }
}
