import BikeShare

/// The classic locks: something that runs a closure while holding a lock.
protocol ClassicLock: Sendable {
  func withLock<T>(_ body: () -> T) -> T
  /// A read that other reads may overlap (only `BarrierLock` lets them).
  func withReadLock<T>(_ body: () -> T) -> T
}

extension ClassicLock {
  func withReadLock<T>(_ body: () -> T) -> T { withLock(body) }
}

/// The counters behind a classic lock (`--lock nslock`, `serial-queue`, `barrier`).
///
/// Swift 6 opt-out: `current` is a plain `var`, touched only inside the
/// lock's closures. No compiler can see which lock guards which variable, so
/// this type vouches for itself with `@unchecked Sendable` (`Mutex` needs no
/// such promise: its state lives inside the lock).
final class LockedCounters<Lock: ClassicLock>: Counters, @unchecked Sendable {
  private let lock: Lock
  private var current: StationCounts

  init(_ start: StationCounts, lock: Lock) {
    self.lock = lock
    current = start
  }

  var counts: StationCounts { lock.withReadLock { current } }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    lock.withLock { change(&current) }
  }
}
