import BikeShare
import Synchronization

/// `--lock mutex` (the default): Synchronization's `Mutex` (2024; macOS 15,
/// iOS 18), a deliberate contrast with the era's older locks. The counters
/// live inside the lock, so there is no way to touch them without it, and the
/// compiler checks that this type is `Sendable`.
///
/// That holds because `StationCounts` is a value: `withLock { $0 }` hands out
/// a copy. `Mutex` is `Sendable` whatever it holds, because its initialiser
/// and `withLock` take and return `sending` values (SE-0433, SE-0430). With a
/// non-Sendable class inside, `withLock { $0 }` would hand out the object
/// itself, and Swift 6.3 does not diagnose it (swiftlang/swift#81274).
final class MutexCounters: Counters {
  private let state: Mutex<StationCounts>

  init(_ start: StationCounts) { state = Mutex(start) }

  var counts: StationCounts { state.withLock { $0 } }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    state.withLock { change(&$0) }
  }
}
