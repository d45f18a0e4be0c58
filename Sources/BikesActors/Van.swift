import BikeShare

/// A rebalancing van (`--story transfer`, `--vans`): a task that moves one
/// bike from one station actor to another.
struct Van: Sendable {
  /// Who the van is, its route, and what it logs (`VanTrip`, the same in every era).
  let trip: VanTrip
  let stations: [Station]
  let probe: RaceProbe

  /// Makes the transfer; how it ended (nil: the scripted gate gave up on it).
  @discardableResult
  func transfer() async -> VanOutcome? {
    let (from, to) = (stations[trip.route.from], stations[trip.route.to])
    switch trip.mode {
    case .nested:
      guard await probe.pass(trip.stop(trip.route.from, .arrive)) else { return nil }
      let hold = probe
      let stop = trip.stop(trip.route.to, .hold)
      return await from.moveBike(
        to: to, van: trip.name, hold: { await hold.pass(stop) }, log: trip.log)
    case .safe: return await reserveThenTake(from, to)
    default: return await racy(from, to)
    }
  }

  // MARK: - Racy: check both stations, then take and leave, each a call of its own

  private func racy(_ from: Station, _ to: Station) async -> VanOutcome {
    await probe.pause(trip.stop(trip.route.from, .arrive))
    let free = await from.freeBikes
    trip.checked(trip.route.from, .freeBikes, free)
    let empty = await to.emptySlots
    trip.checked(trip.route.to, .emptySlots, empty)
    guard free > 0, empty > 0 else { return trip.turnedAway(noBike: free <= 0) }
    // RACE WINDOW: another van may take the same bike, or fill the same slot, now.
    await probe.pause(trip.stop(trip.route.from, .raceWindow))
    let took = await from.removeBike()
    trip.took(took)
    let left = await to.addBike()
    trip.left(left)
    return .moved
  }

  // MARK: - Safe: never hold two actors; keep the slot, then take the bike

  /// The slot is kept before the bike leaves its station, so the bike always
  /// has somewhere to go; with no bike, the slot is given back. Each step is
  /// one synchronous actor method, whole; between them, no decision waits.
  private func reserveThenTake(_ from: Station, _ to: Station) async -> VanOutcome {
    await probe.pause(trip.stop(trip.route.from, .arrive))
    guard await to.reserveSlot() else {
      return trip.turnedAway(noBike: false)
    }
    await probe.pause(trip.stop(trip.route.to, .hold))
    guard let took = await from.takeBike() else {
      await to.cancelReservation()
      return trip.turnedAway(noBike: true)
    }
    trip.took(took)
    let left = await to.leaveReservedBike()
    trip.left(left)
    return .moved
  }
}
