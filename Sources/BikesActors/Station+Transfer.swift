import BikeShare

/// The transfer stage (`--story transfer`) in the actors era: a van moves one
/// bike from this station to another. An actor cannot be held: its method
/// that awaits another actor is suspended, and the actor runs other calls
/// meanwhile (reentrancy, SE-0306). So vans never deadlock here, and a check
/// made before an `await` can be stale after it.
extension Station {
  // MARK: - Nested: the source's own method awaits the destination

  /// Checks for a bike here, then, suspended in this method, asks the
  /// destination for a slot, and moves the bike on what both checks saw.
  /// - Parameter hold: the van's probe while it is away from this station,
  ///   at the destination (false: leave).
  /// - Returns: how the transfer ended (nil: the probe sent the van away).
  @discardableResult
  func moveBike(
    to destination: Station, van: Int, hold: @Sendable () async -> Bool, log: EventLog
  ) async -> VanOutcome? {
    let free = freeBikes
    log.record(.checked(rider: van, station: record.name, counter: .freeBikes, value: free))
    guard free > 0 else {
      log.record(.turnedAway(rider: van, station: record.name, wanted: .bike))
      return .noBike
    }
    // Suspended inside this station's method: it runs other vans' calls meanwhile.
    let empty = await destination.emptySlots
    log.record(
      .checked(rider: van, station: destination.record.name, counter: .emptySlots, value: empty))
    guard empty > 0 else {
      log.record(.turnedAway(rider: van, station: destination.record.name, wanted: .emptySlot))
      return .noSlot
    }
    guard await hold() else { return nil }
    // Acts on checks made before its suspensions: either may be stale now.
    // Moved first, logged after: the log evaluates no event while it is off.
    let tookNow = removeBike()
    log.record(.tookBike(rider: van, station: record.name, now: tookNow))
    let left = await destination.addBike()
    log.record(.leftBike(rider: van, station: destination.record.name, now: left))
    return .moved
  }

  // MARK: - Safe: reserve the slot, then take the bike, each in one call

  /// Keeps an empty slot for a van on its way: no other van can fill it.
  /// - Returns: false if every empty slot is full or kept already.
  func reserveSlot() -> Bool {
    guard counts.emptySlots - reserved > 0 else { return false }
    reserved += 1
    return true
  }

  /// Gives back a slot kept by `reserveSlot()`, unused.
  func cancelReservation() {
    reserved -= 1
  }

  /// Docks the bike of a van that reserved a slot: there is one.
  func leaveReservedBike() -> StationCounts {
    reserved -= 1
    return addBike()
  }
}
