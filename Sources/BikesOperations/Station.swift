import BikeShare
import Foundation

/// A bike station whose counters belong to its own operation queue. The
/// queue runs one operation at a time (`maxConcurrentOperationCount = 1`),
/// so whatever one operation does to the counters, no other can see half of.
///
/// Swift 6 opt-out: the counters are only touched by operations running on
/// `queue` (each method checks it in debug builds). The compiler cannot see
/// that confinement, so this one type vouches for itself with
/// `@unchecked Sendable`. The race this era shows is not here (each
/// operation is serialised); it is in how a rider's operations are combined.
final class Station: @unchecked Sendable {
  let record: StationRecord
  /// The station's serial queue: checks, takes and leaves run here, one at a time.
  let queue: OperationQueue
  private let audit: StationAudit
  private var free: Int
  private var empty: Int

  init(_ record: StationRecord, audit: StationAudit) {
    self.record = record
    self.audit = audit
    queue = OperationQueue()
    queue.name = "station \(record.name)"
    queue.maxConcurrentOperationCount = 1
    free = record.freeBikes
    empty = record.emptySlots
  }

  /// The counters once every operation of the run has finished (the
  /// summary's dependencies guarantee it), so no queue is needed to read them.
  var countsAfterRun: StationCounts { StationCounts(freeBikes: free, emptySlots: empty) }

  // Everything below is called only from operations running on `queue`.

  var counts: StationCounts {
    assertOnQueue()
    return StationCounts(freeBikes: free, emptySlots: empty)
  }

  /// What a rider checks before acting: free bikes or empty slots.
  func available(_ want: Want) -> Int {
    assertOnQueue()
    return want == .bike ? free : empty
  }

  /// Racy mode's act: takes or docks a bike, whatever the counters say now.
  func move(_ want: Want) -> StationCounts {
    change(by: want == .bike ? -1 : +1)
  }

  /// Safe mode: checks and acts in one operation; `nil` if the station
  /// has no bike (or no slot) for the rider.
  func moveIfAvailable(_ want: Want) -> StationCounts? {
    available(want) > 0 ? move(want) : nil
  }

  private func change(by bikes: Int) -> StationCounts {
    assertOnQueue()
    free += bikes
    empty -= bikes
    audit.observe(counts)
    return counts
  }

  private func assertOnQueue() {
    assert(OperationQueue.current === queue, "station counters are touched on the station's queue")
  }
}
