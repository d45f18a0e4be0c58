import BikeShare

/// A bike station as an actor: its counters live on the actor, and each of
/// its synchronous methods runs there alone, so each is atomic. A pair of
/// calls is not, and neither is an async method that suspends between its
/// check and its act (`Station+Payments.swift`).
actor Station {
  let record: StationRecord
  private let audit: StationAudit
  private var current: StationCounts
  /// The counters. Every method reads them before it acts, so a rider's
  /// request reaches the station at its first read (the report's
  /// overtaking count, chapter 10).
  var counts: StationCounts {
    audit.reached(RequestStamp.current)
    return current
  }
  /// Empty slots kept for vans on their way (`Station+Transfer.swift`).
  var reserved = 0

  init(_ record: StationRecord, audit: StationAudit) {
    self.record = record
    self.audit = audit
    current = record.counts
  }

  // MARK: - Racy mode: asking and acting are separate calls
  //
  // Callers check `freeBikes` or `emptySlots` with one await and call one of
  // these with another. Nothing checks here: that was the caller's job.

  var freeBikes: Int { counts.freeBikes }

  var emptySlots: Int { counts.emptySlots }

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike() -> StationCounts {
    recorded(counts.removingBike())
  }

  /// Docks a bike, whatever the counters say.
  func addBike() -> StationCounts {
    recorded(counts.addingBike())
  }

  // MARK: - Safe mode: one actor method checks and acts
  //
  // There is no `await` between the check and the act, so no other call can
  // run on this station in between.

  /// Takes a bike if there is one.
  /// - Returns: the counts afterwards, or `nil` if there was no free bike.
  func takeBike() -> StationCounts? {
    counts.freeBikes > 0 ? removeBike() : nil
  }

  /// Leaves a bike if there is an empty slot that no van has kept
  /// (`reserveSlot()`, in a run with `--vans`).
  /// - Returns: the counts afterwards, or `nil` if there was no empty slot.
  func leaveBike() -> StationCounts? {
    counts.emptySlots - reserved > 0 ? addBike() : nil
  }

  private func recorded(_ now: StationCounts) -> StationCounts {
    current = now
    audit.observe(now)
    return now
  }
}
