import BikeShare
import Foundation

/// A bike station whose counters sit behind the lock `--lock` picks (or, in
/// unsynchronized mode, behind nothing). Every call takes the lock on its
/// own and lets go of it before returning.
final class Station: Sendable {
  let record: StationRecord
  private let audit: StationAudit
  private let counters: any Counters
  /// What a van holds while it works (`Van.swift`).
  let vanLock = NSLock()
  /// With vans in the run (`--vans`), a safe rider takes the van lock too:
  /// a van that holds the station must keep riders out as well as vans.
  private let sharedWithVans: Bool

  convenience init(
    _ record: StationRecord, audit: StationAudit, mode: Mode, lock: LockKind,
    sharedWithVans: Bool = false
  ) {
    self.init(
      record, audit: audit, counters: Self.counters(record.counts, mode: mode, lock: lock),
      sharedWithVans: sharedWithVans)
  }

  /// A station on counters of the caller's (a test's, wrapped in a probe).
  init(
    _ record: StationRecord, audit: StationAudit, counters: any Counters,
    sharedWithVans: Bool = false
  ) {
    self.record = record
    self.sharedWithVans = sharedWithVans
    self.audit = audit
    self.counters = Arrivals(counters, audit: audit)
  }

  /// The counters `--lock` picks (none in unsynchronized mode).
  static func counters(_ start: StationCounts, mode: Mode, lock: LockKind) -> any Counters {
    switch (mode, lock) {
    case (.unsynchronized, _): UnsynchronizedCounters(start)
    case (_, .mutex): MutexCounters(start)
    case (_, .atomic): AtomicCounters(start)
    case (_, .nslock): LockedCounters(start, lock: NSLockLock())
    case (_, .serialQueue): LockedCounters(start, lock: SerialQueueLock())
    case (_, .barrier): LockedCounters(start, lock: BarrierLock())
    }
  }

  var counts: StationCounts { counters.counts }

  // MARK: - Racy mode: the check and the act each take the lock

  var freeBikes: Int { counters.freeBikes }

  var emptySlots: Int { counters.emptySlots }

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike() -> StationCounts {
    recorded(counters.removeBike())
  }

  /// Docks a bike, whatever the counters say.
  func addBike() -> StationCounts {
    recorded(counters.addBike())
  }

  /// Takes a bike out of its dock, whatever the counters say, once `window` has run.
  func removeBike(after window: () -> Void) -> StationCounts {
    recorded(counters.removeBike(after: window))
  }

  /// Docks a bike, whatever the counters say, once `window` has run.
  func addBike(after window: () -> Void) -> StationCounts {
    recorded(counters.addBike(after: window))
  }

  // MARK: - Safe mode: one lock around the check and the act

  /// Takes a bike if there is one; the new counts, or `nil`.
  func takeBike() -> StationCounts? {
    guard sharedWithVans else { return counters.takeBike().map(recorded) }
    return vanLock.withLock { counters.takeBike().map(recorded) }
  }

  /// Leaves a bike if there is an empty slot; the new counts, or `nil`.
  func leaveBike() -> StationCounts? {
    guard sharedWithVans else { return counters.leaveBike().map(recorded) }
    return vanLock.withLock { counters.leaveBike().map(recorded) }
  }

  private func recorded(_ now: StationCounts) -> StationCounts {
    audit.observe(now)
    return now
  }
}
