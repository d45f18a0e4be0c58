import BikeShare
import Foundation

/// A bike station whose counters sit behind the lock `--lock` picks (or, in
/// unsynchronized mode, behind nothing). Every call takes the lock on its
/// own and lets go of it before returning.
final class Station: Sendable {
  let record: StationRecord
  private let audit: StationAudit
  private let counters: any Counters
  /// What a van of the transfer stage holds while it works (`Van.swift`).
  let vanLock = NSLock()

  init(_ record: StationRecord, audit: StationAudit, mode: Mode, lock: LockKind) {
    self.record = record
    self.audit = audit
    let start = record.counts
    counters =
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
    counters.takeBike().map(recorded)
  }

  /// Leaves a bike if there is an empty slot; the new counts, or `nil`.
  func leaveBike() -> StationCounts? {
    counters.leaveBike().map(recorded)
  }

  private func recorded(_ now: StationCounts) -> StationCounts {
    audit.observe(now)
    return now
  }
}
