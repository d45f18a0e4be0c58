import BikeShare
import Foundation

/// A rebalancing van of the transfer stage (`--story transfer`): moves one
/// bike from one station to another, on a thread of its own. To hold a
/// station is to hold its van lock, an `NSLock` (`Station.vanLock`); the
/// counters keep their own lock for each single call.
struct Van: Sendable {
  let index: Int
  let stations: [Station]
  let route: (from: Int, to: Int)
  /// The two stations in the one global order (`safe`): by id.
  let order: (first: Int, second: Int)
  let mode: Mode
  let probe: BlockingRaceProbe
  let log: EventLog

  func transfer() {
    switch mode {
    case .nested: holdBoth(first: route.from, second: route.to)
    case .safe: holdBoth(first: order.first, second: order.second)
    case .backoff: backOff()
    default: racy()
    }
  }

  private func stop(_ station: Int, _ point: ProbePoint) -> ProbeStop {
    ProbeStop(rider: index, station: station, point: point)
  }

  // MARK: - Racy: check both stations, then take and leave as two more calls

  private func racy() {
    let (from, to) = (stations[route.from], stations[route.to])
    probe.pause(stop(route.from, .arrive))
    let free = from.freeBikes
    log.record(.checked(rider: index, station: from.record.name, counter: .freeBikes, value: free))
    let empty = to.emptySlots
    log.record(.checked(rider: index, station: to.record.name, counter: .emptySlots, value: empty))
    guard free > 0, empty > 0 else { return turnedAway(noBike: free <= 0) }
    // RACE WINDOW: neither station is held; another van may take the same bike now.
    probe.pause(stop(route.from, .raceWindow))
    log.record(.tookBike(rider: index, station: from.record.name, now: from.removeBike()))
    log.record(.leftBike(rider: index, station: to.record.name, now: to.addBike()))
  }

  // MARK: - Nested and safe: hold one station, then the other as well

  /// `nested` holds its source first, so two vans going opposite ways can
  /// each hold one station and wait for the other's for ever. `safe` takes
  /// the same two locks in one global order, so no such cycle can form.
  private func holdBoth(first: Int, second: Int) {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(stop(first, .arrive)) else { return }
    stations[first].vanLock.lock()
    defer { stations[first].vanLock.unlock() }
    log.record(.holds(rider: index, station: stations[first].record.name))
    guard probe.pass(stop(second, .hold)) else { return }
    stations[second].vanLock.lock()
    defer { stations[second].vanLock.unlock() }
    log.record(.holds(rider: index, station: stations[second].record.name))
    move()
  }

  // MARK: - Back-off: hold the source, try the destination, else start again

  private func backOff() {
    let (from, to) = (stations[route.from], stations[route.to])
    while true {
      guard probe.pass(stop(route.from, .arrive)) else { return }
      from.vanLock.lock()
      log.record(.holds(rider: index, station: from.record.name))
      guard probe.pass(stop(route.to, .hold)) else {
        from.vanLock.unlock()
        return
      }
      if to.vanLock.try() {
        log.record(.holds(rider: index, station: to.record.name))
        move()
        to.vanLock.unlock()
        from.vanLock.unlock()
        return
      }
      // Another van holds the destination: let go, and start again.
      from.vanLock.unlock()
      log.record(.letGo(rider: index, station: from.record.name))
    }
  }

  /// Holding both stations: check and move, with no other van in between.
  private func move() {
    let (from, to) = (stations[route.from], stations[route.to])
    guard from.freeBikes > 0 else { return turnedAway(noBike: true) }
    guard to.emptySlots > 0 else { return turnedAway(noBike: false) }
    log.record(.tookBike(rider: index, station: from.record.name, now: from.removeBike()))
    log.record(.leftBike(rider: index, station: to.record.name, now: to.addBike()))
  }

  private func turnedAway(noBike: Bool) {
    let station = stations[noBike ? route.from : route.to]
    log.record(
      .turnedAway(rider: index, station: station.record.name, wanted: noBike ? .bike : .emptySlot))
  }
}
