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
final class Station: @unchecked Sendable, TokenStation {
  let record: StationRecord
  /// The station's serial queue: checks, takes and leaves run here, one at a time.
  let queue: OperationQueue
  private let audit: StationAudit
  private var counts: StationCounts

  init(_ record: StationRecord, audit: StationAudit) {
    self.record = record
    self.audit = audit
    queue = OperationQueue()
    queue.name = "station \(record.name)"
    queue.maxConcurrentOperationCount = 1
    counts = record.counts
  }

  /// The counters once every operation of the run has finished (the
  /// summary's dependencies guarantee it), so no queue is needed to read them.
  var countsAfterRun: StationCounts { counts }

  // Everything below is called only from operations running on `queue`.

  // MARK: - Racy mode: the check and the act are two operations

  var freeBikes: Int {
    assertOnQueue()
    return counts.freeBikes
  }

  var emptySlots: Int {
    assertOnQueue()
    return counts.emptySlots
  }

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike() -> StationCounts {
    recorded(counts.removingBike())
  }

  /// Docks a bike, whatever the counters say.
  func addBike() -> StationCounts {
    recorded(counts.addingBike())
  }

  // MARK: - Safe mode: one operation checks and acts

  /// Takes a bike if there is one; the new counts, or `nil`.
  func takeBike() -> StationCounts? {
    freeBikes > 0 ? removeBike() : nil
  }

  /// Leaves a bike if there is an empty slot; the new counts, or `nil`.
  func leaveBike() -> StationCounts? {
    emptySlots > 0 ? addBike() : nil
  }

  // MARK: - The transfer stage: a van holds a station with an operation on its queue

  /// Runs `work` as an operation on the station's queue and waits for it to
  /// finish: while it runs, the station is the van's. An operation that
  /// waits for another station's operation holds this one all the while.
  func hold<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Value {
    let result = Locked<Value?>(nil)
    queue.addOperations(
      [BlockOperation { result.withLock { $0 = work() } }], waitUntilFinished: true)
    return result.withLock { $0! }
  }

  /// A queue of width one cannot be tried, so a van that backs off (`--mode
  /// backoff`) holds a station by taking this semaphore, and tries it with
  /// a zero timeout.
  let token = DispatchSemaphore(value: 1)

  /// A rider's request reaches the station: the first step of its visit
  /// runs here (the report's overtaking count, chapter 10).
  func reached(_ request: RequestStamp) {
    assertOnQueue()
    audit.reached(request)
  }

  private func recorded(_ now: StationCounts) -> StationCounts {
    assertOnQueue()
    counts = now
    audit.observe(now)
    return now
  }

  private func assertOnQueue() {
    assert(OperationQueue.current === queue, "station counters are touched on the station's queue")
  }
}
