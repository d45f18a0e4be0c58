import BikeShare

/// A rebalancing van (`--story transfer`, `--vans`): a task that moves one
/// bike from one station actor to another.
struct Van: Sendable {
  let index: Int
  let stations: [Station]
  let route: (from: Int, to: Int)
  let mode: Mode
  let probe: RaceProbe
  let log: EventLog
  /// Its number in the log: the stage's vans are A, B, ..., a run's "van N".
  var logNumber: Int? = nil

  /// Makes the transfer; how it ended (nil: the scripted gate gave up on it).
  @discardableResult
  func transfer() async -> VanOutcome? {
    let (from, to) = (stations[route.from], stations[route.to])
    switch mode {
    case .nested:
      guard await probe.pass(stop(route.from, .arrive)) else { return nil }
      let hold = probe
      let stop = stop(route.to, .hold)
      return await from.moveBike(to: to, van: name, hold: { await hold.pass(stop) }, log: log)
    case .safe: return await reserveThenTake(from, to)
    default: return await racy(from, to)
    }
  }

  private var name: Int { logNumber ?? index }

  private func stop(_ station: Int, _ point: ProbePoint) -> ProbeStop {
    ProbeStop(rider: name, station: station, point: point)
  }

  // MARK: - Racy: check both stations, then take and leave, each a call of its own

  private func racy(_ from: Station, _ to: Station) async -> VanOutcome {
    await probe.pause(stop(route.from, .arrive))
    let free = await from.freeBikes
    log.record(.checked(rider: name, station: from.record.name, counter: .freeBikes, value: free))
    let empty = await to.emptySlots
    log.record(.checked(rider: name, station: to.record.name, counter: .emptySlots, value: empty))
    guard free > 0, empty > 0 else {
      let (station, wanted) = free <= 0 ? (from, Want.bike) : (to, Want.emptySlot)
      log.record(.turnedAway(rider: name, station: station.record.name, wanted: wanted))
      return VanOutcome(turnedAwayFor: wanted)
    }
    // RACE WINDOW: another van may take the same bike, or fill the same slot, now.
    await probe.pause(stop(route.from, .raceWindow))
    let took = await from.removeBike()
    log.record(.tookBike(rider: name, station: from.record.name, now: took))
    let left = await to.addBike()
    log.record(.leftBike(rider: name, station: to.record.name, now: left))
    return .moved
  }

  // MARK: - Safe: never hold two actors; keep the slot, then take the bike

  /// The slot is kept before the bike leaves its station, so the bike always
  /// has somewhere to go; with no bike, the slot is given back. Each step is
  /// one synchronous actor method, whole; between them, no decision waits.
  private func reserveThenTake(_ from: Station, _ to: Station) async -> VanOutcome {
    await probe.pause(stop(route.from, .arrive))
    guard await to.reserveSlot() else {
      log.record(.turnedAway(rider: name, station: to.record.name, wanted: .emptySlot))
      return .noSlot
    }
    await probe.pause(stop(route.to, .hold))
    guard let took = await from.takeBike() else {
      await to.cancelReservation()
      log.record(.turnedAway(rider: name, station: from.record.name, wanted: .bike))
      return .noBike
    }
    log.record(.tookBike(rider: name, station: from.record.name, now: took))
    let left = await to.leaveReservedBike()
    log.record(.leftBike(rider: name, station: to.record.name, now: left))
    return .moved
  }
}
