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

  // MARK: - Racy: an operation to check each station, then one to take, one to leave

  private func racy() -> VanOutcome {
    let (from, to) = (stations[route.from], stations[route.to])
    probe.pause(stop(route.from, .arrive))
    let free = from.hold { from.freeBikes }
    log.record(.checked(rider: name, station: from.record.name, counter: .freeBikes, value: free))
    let empty = to.hold { to.emptySlots }
    log.record(.checked(rider: name, station: to.record.name, counter: .emptySlots, value: empty))
    guard free > 0, empty > 0 else { return turnedAway(noBike: free <= 0) }
    // RACE WINDOW: no station's queue is held; another van may take the same bike now.
    probe.pause(stop(route.from, .raceWindow))
    // Moved first, logged after: the log evaluates no event while it is off.
    let tookNow = from.hold { from.removeBike() }
    log.record(.tookBike(rider: name, station: from.record.name, now: tookNow))
    let leftNow = to.hold { to.addBike() }
    log.record(.leftBike(rider: name, station: to.record.name, now: leftNow))
    return .moved
  }

  // MARK: - Nested and safe: an operation that waits for another station's operation

  private func holdBoth(first: Int, second: Int) -> VanOutcome? {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(stop(first, .arrive)) else { return nil }
    let (outer, inner) = (stations[first], stations[second])
    whereabouts?.waits(van: index, for: first)
    return outer.hold { [self] () -> VanOutcome? in
      whereabouts?.holds(van: index, station: first)
      defer { whereabouts?.letGo(van: index, station: first) }
      log.record(.holds(rider: name, station: outer.record.name))
      guard probe.pass(stop(second, .hold)) else { return nil }
      // Waits for an operation on the second station while this one holds the first.
      // It checks both (the first is still held) and does its part of the move.
      let outerCounts = StationCounts(freeBikes: outer.freeBikes, emptySlots: outer.emptySlots)
      whereabouts?.waits(van: index, for: second)
      let checked = inner.hold { [self] () -> (VanOutcome, StationCounts?) in
        whereabouts?.holds(van: index, station: second)
        defer { whereabouts?.letGo(van: index, station: second) }
        log.record(.holds(rider: name, station: inner.record.name))
        let innerCounts = StationCounts(freeBikes: inner.freeBikes, emptySlots: inner.emptySlots)
        let (source, destination) =
          first == route.from ? (outerCounts, innerCounts) : (innerCounts, outerCounts)
        guard source.freeBikes > 0 else { return (.noBike, nil) }
        guard destination.emptySlots > 0 else { return (.noSlot, nil) }
        return (.moved, first == route.from ? inner.addBike() : inner.removeBike())
      }
      guard case (.moved, let innerNow?) = checked else {
        return turnedAway(noBike: checked.0 == .noBike)
      }
      let outerNow = first == route.from ? outer.removeBike() : outer.addBike()
      let (took, left) = first == route.from ? (outerNow, innerNow) : (innerNow, outerNow)
      log.record(.tookBike(rider: name, station: stations[route.from].record.name, now: took))
      log.record(.leftBike(rider: name, station: stations[route.to].record.name, now: left))
      return .moved
    }
  }

  // MARK: - Back-off: take the source's token, try the destination's, else start again

  private func backOff() -> VanOutcome? {
    let (from, to) = (stations[route.from], stations[route.to])
    while true {
      guard probe.pass(stop(route.from, .arrive)) else { return nil }
      from.token.wait()
      log.record(.holds(rider: name, station: from.record.name))
      guard probe.pass(stop(route.to, .hold)) else {
        from.token.signal()
        return nil
      }
      if to.token.wait(timeout: .now()) == .success {
        log.record(.holds(rider: name, station: to.record.name))
        let outcome = move(from, to)
        to.token.signal()
        from.token.signal()
        return outcome
      }
      // Another van holds the destination: let go, and start again.
      from.token.signal()
      log.record(.letGo(rider: name, station: from.record.name))
    }
  }

  /// Holding both tokens: check and move, an operation for each step.
  private func move(_ from: Station, _ to: Station) -> VanOutcome {
    guard from.hold({ from.freeBikes }) > 0 else { return turnedAway(noBike: true) }
    guard to.hold({ to.emptySlots }) > 0 else { return turnedAway(noBike: false) }
    let tookNow = from.hold { from.removeBike() }
    log.record(.tookBike(rider: name, station: from.record.name, now: tookNow))
    let leftNow = to.hold { to.addBike() }
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
