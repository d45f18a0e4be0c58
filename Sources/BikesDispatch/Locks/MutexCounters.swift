import BikeShare
import Synchronization

/// `--lock mutex` (the default): Synchronization's `Mutex`. The counters live
/// inside the lock, so there is no way to touch them without it, and the
/// compiler checks that this type is `Sendable`.
final class MutexCounters: Counters {
  private let state: Mutex<StationCounts>

  init(_ start: StationCounts) { state = Mutex(start) }

  var counts: StationCounts { state.withLock { $0 } }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    state.withLock { change(&$0) }
  }
}
