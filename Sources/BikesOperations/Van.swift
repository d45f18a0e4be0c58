import BikeShare
import Foundation

/// A rebalancing van of the transfer stage (`--story transfer`): moves one
/// bike from one station to another, on a thread of its own. To hold a
/// station is to run an operation on its queue (`Station.hold`), which runs
/// one operation at a time.
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

  // MARK: - Racy: an operation to check each station, then one to take, one to leave

  private func racy() {
    let (from, to) = (stations[route.from], stations[route.to])
    probe.pause(stop(route.from, .arrive))
    let free = from.hold { from.freeBikes }
    log.record(.checked(rider: index, station: from.record.name, counter: .freeBikes, value: free))
    let empty = to.hold { to.emptySlots }
    log.record(.checked(rider: index, station: to.record.name, counter: .emptySlots, value: empty))
    guard free > 0, empty > 0 else { return turnedAway(noBike: free <= 0) }
    // RACE WINDOW: no station's queue is held; another van may take the same bike now.
    probe.pause(stop(route.from, .raceWindow))
    log.record(
      .tookBike(rider: index, station: from.record.name, now: from.hold { from.removeBike() }))
    log.record(.leftBike(rider: index, station: to.record.name, now: to.hold { to.addBike() }))
  }

  // MARK: - Nested and safe: an operation that waits for another station's operation

  private func holdBoth(first: Int, second: Int) {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(stop(first, .arrive)) else { return }
    let (outer, inner) = (stations[first], stations[second])
    outer.hold { [self] in
      log.record(.holds(rider: index, station: outer.record.name))
      guard probe.pass(stop(second, .hold)) else { return }
      // Waits for an operation on the second station while this one holds the first.
      let innerCounts = inner.hold { [self] in
        log.record(.holds(rider: index, station: inner.record.name))
        return StationCounts(freeBikes: inner.freeBikes, emptySlots: inner.emptySlots)
      }
      let outerCounts = StationCounts(freeBikes: outer.freeBikes, emptySlots: outer.emptySlots)
      let (source, destination) =
        first == route.from ? (outerCounts, innerCounts) : (innerCounts, outerCounts)
      guard source.freeBikes > 0 else { return turnedAway(noBike: true) }
      guard destination.emptySlots > 0 else { return turnedAway(noBike: false) }
      let (from, to) = (stations[route.from], stations[route.to])
      let took = first == route.from ? from.removeBike() : from.hold { from.removeBike() }
      log.record(.tookBike(rider: index, station: from.record.name, now: took))
      let left = first == route.to ? to.addBike() : to.hold { to.addBike() }
      log.record(.leftBike(rider: index, station: to.record.name, now: left))
    }
  }

  // MARK: - Back-off: take the source's token, try the destination's, else start again

  private func backOff() {
    let (from, to) = (stations[route.from], stations[route.to])
    while true {
      guard probe.pass(stop(route.from, .arrive)) else { return }
      from.token.wait()
      log.record(.holds(rider: index, station: from.record.name))
      guard probe.pass(stop(route.to, .hold)) else {
        from.token.signal()
        return
      }
      if to.token.wait(timeout: .now()) == .success {
        log.record(.holds(rider: index, station: to.record.name))
        move(from, to)
        to.token.signal()
        from.token.signal()
        return
      }
      // Another van holds the destination: let go, and start again.
      from.token.signal()
      log.record(.letGo(rider: index, station: from.record.name))
    }
  }

  /// Holding both tokens: check and move, an operation for each step.
  private func move(_ from: Station, _ to: Station) {
    guard from.hold({ from.freeBikes }) > 0 else { return turnedAway(noBike: true) }
    guard to.hold({ to.emptySlots }) > 0 else { return turnedAway(noBike: false) }
    log.record(
      .tookBike(rider: index, station: from.record.name, now: from.hold { from.removeBike() }))
    log.record(.leftBike(rider: index, station: to.record.name, now: to.hold { to.addBike() }))
  }

  private func turnedAway(noBike: Bool) {
    let station = stations[noBike ? route.from : route.to]
    log.record(
      .turnedAway(rider: index, station: station.record.name, wanted: noBike ? .bike : .emptySlot))
  }
}
