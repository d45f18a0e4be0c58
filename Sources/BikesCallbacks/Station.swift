import BikeShare
import Dispatch

/// A bike station with a callback API. Its counters live on its own serial
/// queue: every call hops onto that queue, does its work, and answers through
/// a completion handler on the queue the caller names (never on the station's
/// queue, so a blocking probe in a rider's callback cannot stall the station).
///
/// Swift 6 opt-out: the counters are only ever touched inside blocks on
/// `queue`, which serialises them. The compiler cannot see that confinement
/// and rejects a class with mutable state in `@Sendable` closures, so this
/// one type vouches for itself with `@unchecked Sendable`, and
/// `dispatchPrecondition` checks the promise at run time. The race this era
/// shows is not here (each call is protected); it is in how riders combine
/// the calls.
final class Station: @unchecked Sendable {
  let record: StationRecord
  private let audit: StationAudit
  private let queue: DispatchQueue
  /// The counters, read and changed only on `queue` (`OnQueue` checks it
  /// with `dispatchPrecondition`).
  @OnQueue private var counts: StationCounts

  init(_ record: StationRecord, audit: StationAudit) {
    self.record = record
    self.audit = audit
    queue = DispatchQueue(label: "station.\(record.id)")
    _counts = OnQueue(wrappedValue: record.counts, queue)
  }

  /// Runs `work` on the station's queue and hands its result to `completion` on `reply`.
  private func answer<Value: Sendable>(
    _ work: @escaping @Sendable () -> Value, on reply: DispatchQueue,
    completion: @escaping @Sendable (Value) -> Void
  ) {
    let request = RequestStamp.current  // the rider's, for chapter 10's overtaking count
    queue.async {
      self.audit.reached(request)
      let value = work()
      reply.async { completion(value) }
    }
  }

  func counts(on reply: DispatchQueue, completion: @escaping @Sendable (StationCounts) -> Void) {
    answer({ self.counts }, on: reply, completion: completion)
  }

  // MARK: - Racy mode: asking and acting are separate calls

  func freeBikes(on reply: DispatchQueue, completion: @escaping @Sendable (Int) -> Void) {
    answer({ self.counts.freeBikes }, on: reply, completion: completion)
  }

  func emptySlots(on reply: DispatchQueue, completion: @escaping @Sendable (Int) -> Void) {
    answer({ self.counts.emptySlots }, on: reply, completion: completion)
  }

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike(on reply: DispatchQueue, completion: @escaping @Sendable (StationCounts) -> Void)
  {
    answer({ self.recorded(self.counts.removingBike()) }, on: reply, completion: completion)
  }

  /// Docks a bike, whatever the counters say.
  func addBike(on reply: DispatchQueue, completion: @escaping @Sendable (StationCounts) -> Void) {
    answer({ self.recorded(self.counts.addingBike()) }, on: reply, completion: completion)
  }

  // MARK: - Safe mode: one call checks and acts on the station's queue

  /// Takes a bike if there is one; the completion gets the new counts, or `nil`.
  func takeBike(on reply: DispatchQueue, completion: @escaping @Sendable (StationCounts?) -> Void) {
    answer(
      { self.counts.freeBikes > 0 ? self.recorded(self.counts.removingBike()) : nil }, on: reply,
      completion: completion)
  }

  /// Leaves a bike if there is an empty slot; the completion gets the new counts, or `nil`.
  func leaveBike(on reply: DispatchQueue, completion: @escaping @Sendable (StationCounts?) -> Void)
  {
    answer(
      { self.counts.emptySlots > 0 ? self.recorded(self.counts.addingBike()) : nil }, on: reply,
      completion: completion)
  }

  // MARK: - The transfer stage: a van holds a station by running on its queue

  /// Runs `work` on the station's queue: while it runs, the station is the
  /// van's, and no other call runs here.
  func hold(_ work: @escaping @Sendable () -> Void) {
    queue.async(execute: work)
  }

  /// From a block that holds another station: runs `work` on this
  /// station's queue as well, and waits for it (a `sync` nested in another
  /// station's queue). Two vans doing it in opposite orders wait for each
  /// other for ever.
  func holdToo(_ work: () -> Void) {
    queue.sync(execute: work)
  }

  /// A queue cannot be tried, so a van that backs off (`--mode backoff`)
  /// holds a station by taking this semaphore, and tries it with a zero
  /// timeout; it still changes the counters on the queue.
  let token = DispatchSemaphore(value: 1)

  /// Moves a bike from this station to `destination`, if there is a bike
  /// here and a slot there. Only from a block that holds both (the
  /// `counts` accessors check that it runs on both queues).
  @discardableResult
  func moveBike(to destination: Station, van: Int, log: EventLog) -> VanOutcome {
    guard counts.freeBikes > 0 else {
      log.record(.turnedAway(rider: van, station: record.name, wanted: .bike))
      return .noBike
    }
    guard destination.counts.emptySlots > 0 else {
      log.record(.turnedAway(rider: van, station: destination.record.name, wanted: .emptySlot))
      return .noSlot
    }
    // Moved first, logged after: the log evaluates no event while it is off.
    let tookNow = recorded(counts.removingBike())
    log.record(.tookBike(rider: van, station: record.name, now: tookNow))
    let left = destination.recorded(destination.counts.addingBike())
    log.record(.leftBike(rider: van, station: destination.record.name, now: left))
    return .moved
  }

  // Only ever called on `queue` (the `counts` setter checks).
  private func recorded(_ now: StationCounts) -> StationCounts {
    counts = now
    audit.observe(now)
    return now
  }
}
