import BikeShare
import Synchronization

/// `--lock atomic`: no lock at all. Free bikes is one `Atomic` counter (empty
/// slots are capacity minus free bikes), and an update is a compare-exchange
/// loop: compute the new value from what you read, and store it only if
/// nobody changed the counter in between; else read again and recompute.
final class AtomicCounters: Counters {
  private let capacity: Int
  private let free: Atomic<Int>

  init(_ start: StationCounts) {
    capacity = start.freeBikes + start.emptySlots
    free = Atomic(start.freeBikes)
  }

  private func counts(free: Int) -> StationCounts {
    StationCounts(freeBikes: free, emptySlots: capacity - free)
  }

  var counts: StationCounts { counts(free: free.load(ordering: .acquiring)) }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    var seen = free.load(ordering: .acquiring)
    while true {
      var counts = counts(free: seen)
      let result = change(&counts)
      let (stored, actual) = free.compareExchange(
        expected: seen, desired: counts.freeBikes, ordering: .acquiringAndReleasing)
      if stored { return result }
      seen = actual  // somebody got there first: decide again on the new value
    }
  }
}
