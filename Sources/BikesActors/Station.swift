import BikeShare

/// A bike station as an actor: its counters live on the actor, and every
/// call runs there alone. Each call is atomic; a pair of calls is not.
actor Station {
  let record: StationRecord
  private let audit: StationAudit
  private(set) var freeBikes: Int
  private(set) var emptySlots: Int

  init(_ record: StationRecord, audit: StationAudit) {
    self.record = record
    self.audit = audit
    freeBikes = record.freeBikes
    emptySlots = record.emptySlots
  }

  var counts: StationCounts { StationCounts(freeBikes: freeBikes, emptySlots: emptySlots) }

  // MARK: - The original project's API (racy mode)
  //
  // Callers check `freeBikes` or `emptySlots` with one await and call one of
  // these with another. Nothing checks here: that was the caller's job.

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike() -> StationCounts {
    freeBikes -= 1
    emptySlots += 1
    return recorded()
  }

  /// Docks a bike, whatever the counters say.
  func addBike() -> StationCounts {
    freeBikes += 1
    emptySlots -= 1
    return recorded()
  }

  // MARK: - The fix (safe mode)
  //
  // Check and act inside one actor method. There is no `await` between them,
  // so no other call can run on this station in between.

  /// Takes a bike if there is one.
  /// - Returns: the counts afterwards, or `nil` if there was no free bike.
  func takeBike() -> StationCounts? {
    guard freeBikes > 0 else { return nil }
    return removeBike()
  }

  /// Leaves a bike if there is an empty slot.
  /// - Returns: the counts afterwards, or `nil` if there was no empty slot.
  func leaveBike() -> StationCounts? {
    guard emptySlots > 0 else { return nil }
    return addBike()
  }

  private func recorded() -> StationCounts {
    audit.observe(counts)
    return counts
  }
}
