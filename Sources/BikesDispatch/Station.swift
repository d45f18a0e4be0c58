import BikeShare

/// A station: its record, its audit, and its counters behind the lock the
/// mode and `--lock` ask for.
final class Station: Sendable {
  enum Storage: Sendable {
    case locked(any Counters)
    case unsynchronized(UnsynchronizedCounters)
  }

  let record: StationRecord
  let storage: Storage
  private let audit: StationAudit

  init(_ record: StationRecord, audit: StationAudit, mode: Mode, lock: LockKind) {
    self.record = record
    self.audit = audit
    let start = StationCounts(freeBikes: record.freeBikes, emptySlots: record.emptySlots)
    storage =
      switch (mode, lock) {
      case (.unsynchronized, _): .unsynchronized(UnsynchronizedCounters(start))
      case (_, .mutex): .locked(MutexCounters(start))
      case (_, .atomic): .locked(AtomicCounters(start))
      case (_, .nslock): .locked(LockedCounters(start, lock: NSLockLock()))
      case (_, .serialQueue): .locked(LockedCounters(start, lock: SerialQueueLock()))
      case (_, .barrier): .locked(LockedCounters(start, lock: BarrierLock()))
      }
  }

  var counts: StationCounts {
    switch storage {
    case .locked(let counters): counters.counts
    case .unsynchronized(let counters): counters.counts
    }
  }

  func available(_ want: Want) -> Int {
    switch storage {
    case .locked(let counters): counters.available(want)
    case .unsynchronized(let counters): counters.available(want)
    }
  }

  /// Racy and unsynchronized modes' act: moves a bike whatever the counters say.
  func move(_ want: Want, window: () -> Void) -> StationCounts {
    let now: StationCounts
    switch storage {
    case .locked(let counters):
      window()  // RACE WINDOW: between the locked check and the locked act
      now = counters.move(want)
    case .unsynchronized(let counters):
      now = counters.move(want, window: window)  // inside the unprotected update
    }
    audit.observe(now)
    return now
  }

  /// Safe mode: check and act under one lock.
  func moveIfAvailable(_ want: Want) -> StationCounts? {
    guard case .locked(let counters) = storage else {
      preconditionFailure("safe mode always has a lock")
    }
    let now = counters.moveIfAvailable(want)
    if let now { audit.observe(now) }
    return now
  }
}
