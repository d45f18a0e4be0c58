import BikeShare
import Dispatch

/// A bike station whose every call returns a future. The counters live on
/// the station's own serial queue: each future's work runs there, so each
/// call on its own is safe; the station's queue never blocks, and nothing a
/// rider does (a wait, a probe) runs on it.
///
/// Swift 6 opt-out: as in chapter 01, the counters are confined to `queue`,
/// which the compiler cannot see; the class vouches for itself with
/// `@unchecked Sendable` and `dispatchPrecondition` checks the promise at
/// run time. The race this era shows is not here but in how riders combine
/// the futures.
final class Station: @unchecked Sendable, TokenStation {
  let record: StationRecord
  private let audit: StationAudit
  private let queue: DispatchQueue
  /// The counters, read and changed only on `queue` (`OnQueue` checks it).
  @OnQueue private var counts: StationCounts
  /// The kind of future of which one at a time may run here (`--exclusive condition`).
  let exclusion = Exclusion()
  /// Tests: called after each future's work has left the queue, before the
  /// rider that waits for it goes on (the probe between two accesses).
  private let afterAccess: (@Sendable () -> Void)?

  init(
    _ record: StationRecord, audit: StationAudit, afterAccess: (@Sendable () -> Void)? = nil
  ) {
    self.record = record
    self.audit = audit
    self.afterAccess = afterAccess
    queue = DispatchQueue(label: "station.\(record.id)")
    _counts = OnQueue(wrappedValue: record.counts, queue)
  }

  /// A future whose work runs on the station's queue.
  private func answer<Value>(_ work: @escaping @Sendable () -> Value) -> Future<Value, Never> {
    let request = RequestStamp.current  // the rider's, for chapter 10's overtaking count
    return Future(on: queue) { [audit] in
      audit.reached(request)
      return work()
    }
  }

  /// `answer`, and in tests the probe between two accesses once its work
  /// has left the queue (`afterAccess`). A rider's every access goes through here.
  private func access<Value>(_ work: @escaping @Sendable () -> Value) -> Future<Value, Never> {
    let answered = answer(work)
    guard let afterAccess else { return answered }
    return Future(on: .global()) {
      let value = answered.wait()
      afterAccess()
      return value
    }
  }

  func readCounts() -> Future<StationCounts, Never> { access { self.counts } }

  // MARK: - Racy mode: asking and acting are separate futures

  func freeBikes() -> Future<Int, Never> { access { self.counts.freeBikes } }

  func emptySlots() -> Future<Int, Never> { access { self.counts.emptySlots } }

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike() -> Future<StationCounts, Never> {
    access { self.recorded(self.counts.removingBike()) }
  }

  /// Docks a bike, whatever the counters say.
  func addBike() -> Future<StationCounts, Never> {
    access { self.recorded(self.counts.addingBike()) }
  }

  // MARK: - Safe mode, `--exclusive station`: one future checks and acts

  /// Takes a bike if there is one: the new counts, or `nil`.
  func takeBike() -> Future<StationCounts?, Never> {
    access { self.counts.freeBikes > 0 ? self.recorded(self.counts.removingBike()) : nil }
  }

  /// Leaves a bike if there is an empty slot: the new counts, or `nil`.
  func leaveBike() -> Future<StationCounts?, Never> {
    access { self.counts.emptySlots > 0 ? self.recorded(self.counts.addingBike()) : nil }
  }

  // MARK: - The transfer stage: a van holds a station with a future on its queue

  /// A future whose work runs on the station's queue: while it runs, the
  /// station is the van's. A van that waits inside it for a future of
  /// another station holds this one all the while.
  func hold<Value>(_ work: @escaping @Sendable () -> Value) -> Future<Value, Never> {
    answer(work)
  }

  /// The counters, from work that holds the station (`hold`).
  var heldCounts: StationCounts { counts }

  /// Takes a bike, from work that holds the station.
  func removeHeldBike() -> StationCounts { recorded(counts.removingBike()) }

  /// Docks a bike, from work that holds the station.
  func addHeldBike() -> StationCounts { recorded(counts.addingBike()) }

  /// A station's queue cannot be tried, so a van that backs off (`--mode
  /// backoff`) holds a station by taking this semaphore, and tries it with
  /// a zero timeout.
  let token = DispatchSemaphore(value: 1)

  // Only ever called on `queue` (the `counts` setter checks).
  private func recorded(_ now: StationCounts) -> StationCounts {
    counts = now
    audit.observe(now)
    return now
  }
}
