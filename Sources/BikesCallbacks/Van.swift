import BikeShare
import Dispatch

/// A rebalancing van of the transfer stage (`--story transfer`): moves one
/// bike from one station to another, its steps on a serial queue of its own
/// and the stations' answers through completion handlers. To hold a station
/// is to run on its serial queue (`Station.hold`, `Station.holdToo`).
final class Van: Sendable {
  let index: Int
  let stations: [Station]
  let route: (from: Int, to: Int)
  /// The two stations in the one global order (`safe`): by id.
  let order: (first: Int, second: Int)
  let mode: Mode
  let probe: BlockingRaceProbe
  let log: EventLog
  private let queue: DispatchQueue

  init(
    index: Int, stations: [Station], route: (from: Int, to: Int), order: (first: Int, second: Int),
    mode: Mode, probe: BlockingRaceProbe, log: EventLog
  ) {
    self.index = index
    self.stations = stations
    self.route = route
    self.order = order
    self.mode = mode
    self.probe = probe
    self.log = log
    queue = DispatchQueue(label: "van.\(index + 1)")
  }

  /// Makes the transfer; `completion` runs when the van is done.
  func transfer(completion: @escaping @Sendable () -> Void) {
    queue.async { [self] in
      switch mode {
      case .nested: holdBoth(first: route.from, second: route.to, completion: completion)
      case .safe: holdBoth(first: order.first, second: order.second, completion: completion)
      case .backoff:
        backOff()
        completion()
      default: racy(completion: completion)
      }
    }
  }

  private func stop(_ station: Int, _ point: ProbePoint) -> ProbeStop {
    ProbeStop(rider: index, station: station, point: point)
  }

  // MARK: - Racy: check both stations, then take and leave, a call each

  private func racy(completion: @escaping @Sendable () -> Void) {
    let (from, to) = (stations[route.from], stations[route.to])
    probe.pause(stop(route.from, .arrive))
    from.freeBikes(on: queue) { [self] free in
      log.record(
        .checked(rider: index, station: from.record.name, counter: .freeBikes, value: free))
      to.emptySlots(on: queue) { [self] empty in
        log.record(
          .checked(rider: index, station: to.record.name, counter: .emptySlots, value: empty))
        guard free > 0, empty > 0 else {
          let (station, wanted) = free <= 0 ? (from, Want.bike) : (to, Want.emptySlot)
          log.record(.turnedAway(rider: index, station: station.record.name, wanted: wanted))
          return completion()
        }
        // RACE WINDOW: neither queue is held; another van may take the same bike now.
        probe.pause(stop(route.from, .raceWindow))
        from.removeBike(on: queue) { [self] took in
          log.record(.tookBike(rider: index, station: from.record.name, now: took))
          to.addBike(on: queue) { [self] left in
            log.record(.leftBike(rider: index, station: to.record.name, now: left))
            completion()
          }
        }
      }
    }
  }

  // MARK: - Nested and safe: a block on one station's queue syncs onto the other's

  private func holdBoth(
    first: Int, second: Int, completion: @escaping @Sendable () -> Void
  ) {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(stop(first, .arrive)) else { return completion() }
    stations[first].hold { [self] in
      log.record(.holds(rider: index, station: stations[first].record.name))
      // Holding the first station's queue while it waits for the second's.
      if probe.pass(stop(second, .hold)) {
        stations[second].holdToo {
          log.record(.holds(rider: index, station: stations[second].record.name))
          stations[route.from].moveBike(to: stations[route.to], van: index, log: log)
        }
      }
      completion()
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
        from.holdToo { to.holdToo { from.moveBike(to: to, van: index, log: log) } }
        to.token.signal()
        from.token.signal()
        return
      }
      // Another van holds the destination: let go, and start again.
      from.token.signal()
      log.record(.letGo(rider: index, station: from.record.name))
    }
  }
}
