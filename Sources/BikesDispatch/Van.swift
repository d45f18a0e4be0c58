import BikeShare
import Foundation

/// A rebalancing van (`--story transfer`, `--vans`): moves one bike from
/// one station to another, on a thread of its own. To hold a station is to
/// hold its van lock, an `NSLock` (`Station.vanLock`); the counters keep
/// their own lock for each single call.
struct Van: Sendable {
  let index: Int
  let stations: [Station]
  let route: (from: Int, to: Int)
  /// The two stations in the one global order (`safe`): by id.
  let order: (first: Int, second: Int)
  let mode: Mode
  let probe: BlockingRaceProbe
  let log: EventLog
  /// A run's van (`--vans`) is told to its watchdog, and logged as "van N".
  var whereabouts: Whereabouts? = nil
  /// Its number in the log: the stage's vans are A, B, ...
  var logNumber: Int? = nil

  /// Makes the transfer; how it ended (nil: the scripted gate gave up on it).
  @discardableResult
  func transfer() -> VanOutcome? {
    switch mode {
    case .nested: holdBoth(first: route.from, second: route.to)
    case .safe: holdBoth(first: order.first, second: order.second)
    case .backoff: backOff()
    default: racy()
    }
  }

  private var name: Int { logNumber ?? index }

  private func stop(_ station: Int, _ point: ProbePoint) -> ProbeStop {
    ProbeStop(rider: name, station: station, point: point)
  }

  // MARK: - Racy: check both stations, then take and leave as two more calls

  private func racy() -> VanOutcome {
    let (from, to) = (stations[route.from], stations[route.to])
    probe.pause(stop(route.from, .arrive))
    let free = from.freeBikes
    log.record(.checked(rider: name, station: from.record.name, counter: .freeBikes, value: free))
    let empty = to.emptySlots
    log.record(.checked(rider: name, station: to.record.name, counter: .emptySlots, value: empty))
    guard free > 0, empty > 0 else { return turnedAway(noBike: free <= 0) }
    // RACE WINDOW: neither station is held; another van may take the same bike now.
    probe.pause(stop(route.from, .raceWindow))
    // Moved first, logged after: the log evaluates no event while it is off.
    let tookNow = from.removeBike()
    log.record(.tookBike(rider: name, station: from.record.name, now: tookNow))
    let leftNow = to.addBike()
    log.record(.leftBike(rider: name, station: to.record.name, now: leftNow))
    return .moved
  }

  // MARK: - Nested and safe: hold one station, then the other as well

  /// `nested` holds its source first, so two vans going opposite ways can
  /// each hold one station and wait for the other's for ever. `safe` takes
  /// the same two locks in one global order, so no such cycle can form.
  private func holdBoth(first: Int, second: Int) -> VanOutcome? {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(stop(first, .arrive)) else { return nil }
    hold(first)
    defer { letGo(first) }
    guard probe.pass(stop(second, .hold)) else { return nil }
    hold(second)
    defer { letGo(second) }
    return move()
  }

  /// Waits for the station's van lock, and holds it (told to the watchdog).
  private func hold(_ station: Int) {
    whereabouts?.waits(van: index, for: station)
    stations[station].vanLock.lock()
    whereabouts?.holds(van: index, station: station)
    log.record(.holds(rider: name, station: stations[station].record.name))
  }

  private func letGo(_ station: Int) {
    whereabouts?.letGo(van: index, station: station)
    stations[station].vanLock.unlock()
  }

  // MARK: - Back-off: hold the source, try the destination, else start again

  private func backOff() -> VanOutcome? {
    let (from, to) = (stations[route.from], stations[route.to])
    while true {
      guard probe.pass(stop(route.from, .arrive)) else { return nil }
      from.vanLock.lock()
      log.record(.holds(rider: name, station: from.record.name))
      guard probe.pass(stop(route.to, .hold)) else {
        from.vanLock.unlock()
        return nil
      }
      if to.vanLock.try() {
        log.record(.holds(rider: name, station: to.record.name))
        let outcome = move()
        to.vanLock.unlock()
        from.vanLock.unlock()
        return outcome
      }
      // Another van holds the destination: let go, and start again.
      from.vanLock.unlock()
      log.record(.letGo(rider: name, station: from.record.name))
    }
  }

  /// Holding both stations: check and move, with no other van in between.
  private func move() -> VanOutcome {
    let (from, to) = (stations[route.from], stations[route.to])
    guard from.freeBikes > 0 else { return turnedAway(noBike: true) }
    guard to.emptySlots > 0 else { return turnedAway(noBike: false) }
    let tookNow = from.removeBike()
    log.record(.tookBike(rider: name, station: from.record.name, now: tookNow))
    let leftNow = to.addBike()
    log.record(.leftBike(rider: name, station: to.record.name, now: leftNow))
    return .moved
  }

  private func turnedAway(noBike: Bool) -> VanOutcome {
    let station = stations[noBike ? route.from : route.to]
    let wanted = noBike ? Want.bike : .emptySlot
    log.record(.turnedAway(rider: name, station: station.record.name, wanted: wanted))
    return VanOutcome(turnedAwayFor: wanted)
  }
}
