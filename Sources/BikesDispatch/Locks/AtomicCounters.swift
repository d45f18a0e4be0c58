import BikeShare
import Synchronization

/// `--lock atomic`: no lock at all. Free bikes is one `Atomic` counter (empty
/// slots are capacity minus free bikes), and an update is a compare-exchange
/// loop: compute the new value from what you read, and store it only if
/// nobody changed the counter in between; else read again and recompute.
/// Lock-free, not wait-free: a rider may retry while others keep winning.
///
/// Memory ordering: `.relaxed` everywhere, the weakest ordering that is
/// correct here. The counter is one self-contained word: everything a rider
/// learns is computed from the value it loads (`capacity` is a `let`, set
/// before any thread sees the station), and no other memory is published
/// through it. Atomicity on one location needs no ordering: the
/// compare-exchange fails if any other write came between the load and the
/// store. Acquiring and releasing orderings would only matter if a write to
/// some other variable had to become visible along with the counter.
final class AtomicCounters: Counters {
  private let capacity: Int
  private let free: Atomic<Int>

  init(_ start: StationCounts) {
    capacity = start.freeBikes + start.emptySlots
    free = Atomic(start.freeBikes)
  }

  // The atomic holds free bikes only, not how many changes made them, so
  // every change here reads as change 1 and `--log` prints this lock's lines
  // in the order riders write them, not in the station's order.
  private func counts(free: Int) -> StationCounts {
    StationCounts(freeBikes: free, emptySlots: capacity - free)
  }

  var counts: StationCounts { counts(free: free.load(ordering: .relaxed)) }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    var seen = free.load(ordering: .relaxed)
    while true {
      var counts = counts(free: seen)
      let result = change(&counts)
      let (stored, actual) = free.compareExchange(
        expected: seen, desired: counts.freeBikes, ordering: .relaxed)
      if stored { return result }
      seen = actual  // somebody got there first: decide again on the new value
    }
  }
}
