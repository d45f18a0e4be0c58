import BikeShare
import Dispatch

/// A rebalancing van (`--story transfer`, `--vans`): moves one bike from one
/// station to another, its steps on a serial queue of its own
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
  /// A run's van (`--vans`) is told to its watchdog.
  let whereabouts: Whereabouts?
  /// Its number in the log: the stage's vans are A, B, ..., a run's "van N".
  private let name: Int
  private let queue: DispatchQueue

  init(
    index: Int, stations: [Station], route: (from: Int, to: Int), order: (first: Int, second: Int),
    mode: Mode, probe: BlockingRaceProbe, log: EventLog, whereabouts: Whereabouts? = nil,
    logNumber: Int? = nil, queue: DispatchQueue? = nil
  ) {
    self.whereabouts = whereabouts
    name = logNumber ?? index
    self.index = index
    self.stations = stations
    self.route = route
    self.order = order
    self.mode = mode
    self.probe = probe
    self.log = log
    self.queue = queue ?? DispatchQueue(label: "van.\(index + 1)")
  }

  /// Makes the transfer; `completion` gets how it ended (nil: the scripted
  /// gate gave up on the van).
  func transfer(completion: @escaping @Sendable (VanOutcome?) -> Void) {
    queue.async { [self] in
      switch mode {
      case .nested: holdBoth(first: route.from, second: route.to, completion: completion)
      case .safe: holdBoth(first: order.first, second: order.second, completion: completion)
      case .backoff: completion(backOff())
      default: racy(completion: completion)
      }
    }
  }

  private func stop(_ station: Int, _ point: ProbePoint) -> ProbeStop {
    ProbeStop(rider: name, station: station, point: point)
  }

  // MARK: - Racy: check both stations, then take and leave, a call each

  private func racy(completion: @escaping @Sendable (VanOutcome?) -> Void) {
    let (from, to) = (stations[route.from], stations[route.to])
    probe.pause(stop(route.from, .arrive))
    from.freeBikes(on: queue) { [self] free in
      log.record(
        .checked(rider: name, station: from.record.name, counter: .freeBikes, value: free))
      to.emptySlots(on: queue) { [self] empty in
        log.record(
          .checked(rider: name, station: to.record.name, counter: .emptySlots, value: empty))
        guard free > 0, empty > 0 else {
          let (station, wanted) = free <= 0 ? (from, Want.bike) : (to, Want.emptySlot)
          log.record(.turnedAway(rider: name, station: station.record.name, wanted: wanted))
          return completion(VanOutcome(turnedAwayFor: wanted))
        }
        // RACE WINDOW: neither queue is held; another van may take the same bike now.
        probe.pause(stop(route.from, .raceWindow))
        from.removeBike(on: queue) { [self] took in
          log.record(.tookBike(rider: name, station: from.record.name, now: took))
          to.addBike(on: queue) { [self] left in
            log.record(.leftBike(rider: name, station: to.record.name, now: left))
            completion(.moved)
          }
        }
      }
    }
  }

  // MARK: - Nested and safe: a block on one station's queue syncs onto the other's

  private func holdBoth(
    first: Int, second: Int, completion: @escaping @Sendable (VanOutcome?) -> Void
  ) {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(stop(first, .arrive)) else { return completion(nil) }
    whereabouts?.waits(van: index, for: first)
    stations[first].hold { [self] in
      whereabouts?.holds(van: index, station: first)
      log.record(.holds(rider: name, station: stations[first].record.name))
      var outcome: VanOutcome?
      // Holding the first station's queue while it waits for the second's.
      if probe.pass(stop(second, .hold)) {
        whereabouts?.waits(van: index, for: second)
        stations[second].holdToo {
          whereabouts?.holds(van: index, station: second)
          log.record(.holds(rider: name, station: stations[second].record.name))
          outcome = stations[route.from].moveBike(to: stations[route.to], van: name, log: log)
          whereabouts?.letGo(van: index, station: second)
        }
      }
      whereabouts?.letGo(van: index, station: first)
      completion(outcome)
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
        var outcome = VanOutcome.moved
        from.holdToo { to.holdToo { outcome = from.moveBike(to: to, van: name, log: log) } }
        to.token.signal()
        from.token.signal()
        return outcome
      }
      // Another van holds the destination: let go, and start again.
      from.token.signal()
      log.record(.letGo(rider: name, station: from.record.name))
    }
  }
}

/// A van of a run (`--vans`): its transfers one after another, each started
/// from the completion of the leg before, on a serial queue of its own.
final class VanDriver: Sendable {
  private let simulation: Simulation
  private let stations: [Station]
  private let rounds: Locked<VanRounds>
  private let queue: DispatchQueue
  private let leg: DispatchTimeInterval

  init(_ index: Int, simulation: Simulation, stations: [Station]) {
    self.simulation = simulation
    self.stations = stations
    rounds = Locked(simulation.rounds(for: index))
    queue = DispatchQueue(label: "van.\(index + 1)")
    leg = simulation.configuration.legDuration.dispatchInterval
  }

  /// Makes every transfer; `completion` gets the van's totals.
  func start(completion: @escaping @Sendable (VanResult) -> Void) {
    let (index, next) = rounds.withLock { ($0.van, $0.next()) }
    guard let route = next, !simulation.stop.isStopped else {
      return completion(rounds.withLock { $0.result })
    }
    let van = Van(
      index: index, stations: stations, route: route,
      order: VanRounds.ordered(route, stations: simulation.stations),
      mode: simulation.vanMode, probe: simulation.blockingProbe, log: simulation.log,
      whereabouts: simulation.whereabouts, logNumber: rounds.withLock { $0.logNumber },
      queue: queue)
    van.transfer { [self] outcome in
      // Nil only when a scripted gate gives up on the van: counted as turned away.
      rounds.withLock { $0.record(outcome ?? .noBike) }
      queue.asyncAfter(deadline: .now() + leg) { self.start(completion: completion) }
    }
  }
}
