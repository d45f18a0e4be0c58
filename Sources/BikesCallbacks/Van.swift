import BikeShare
import Dispatch

/// A rebalancing van (`--story transfer`, `--vans`): moves one bike from one
/// station to another, its steps on a serial queue of its own
/// and the stations' answers through completion handlers. To hold a station
/// is to run on its serial queue (`Station.hold`, `Station.holdToo`).
final class Van: Sendable {
  /// Who the van is, its route, and what it logs (`VanTrip`, the same in every era).
  let trip: VanTrip
  let stations: [Station]
  let probe: BlockingRaceProbe
  private let queue: DispatchQueue

  init(trip: VanTrip, stations: [Station], probe: BlockingRaceProbe, queue: DispatchQueue? = nil) {
    self.trip = trip
    self.stations = stations
    self.probe = probe
    self.queue = queue ?? DispatchQueue(label: "van.\(trip.index + 1)")
  }

  /// Makes the transfer; `completion` gets how it ended (nil: the scripted
  /// gate gave up on the van).
  func transfer(completion: @escaping @Sendable (VanOutcome?) -> Void) {
    queue.async { [self] in
      switch trip.mode {
      case .nested: holdBoth(first: trip.route.from, second: trip.route.to, completion: completion)
      case .safe:
        holdBoth(first: trip.order.first, second: trip.order.second, completion: completion)
      case .backoff: completion(backOff())
      default: racy(completion: completion)
      }
    }
  }

  // MARK: - Racy: check both stations, then take and leave, a call each

  private func racy(completion: @escaping @Sendable (VanOutcome?) -> Void) {
    let (from, to) = (stations[trip.route.from], stations[trip.route.to])
    probe.pause(trip.stop(trip.route.from, .arrive))
    from.freeBikes(on: queue) { [self] free in
      trip.checked(trip.route.from, .freeBikes, free)
      to.emptySlots(on: queue) { [self] empty in
        trip.checked(trip.route.to, .emptySlots, empty)
        guard free > 0, empty > 0 else { return completion(trip.turnedAway(noBike: free <= 0)) }
        // RACE WINDOW: neither queue is held; another van may take the same bike now.
        probe.pause(trip.stop(trip.route.from, .raceWindow))
        from.removeBike(on: queue) { [self] took in
          trip.took(took)
          to.addBike(on: queue) { [self] left in
            trip.left(left)
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
    guard probe.pass(trip.stop(first, .arrive)) else { return completion(nil) }
    trip.whereabouts?.waits(van: trip.index, for: first)
    stations[first].hold { [self] in
      trip.whereabouts?.holds(van: trip.index, station: first)
      trip.holds(first)
      var outcome: VanOutcome?
      // Holding the first station's queue while it waits for the second's.
      if probe.pass(trip.stop(second, .hold)) {
        trip.whereabouts?.waits(van: trip.index, for: second)
        stations[second].holdToo {
          trip.whereabouts?.holds(van: trip.index, station: second)
          trip.holds(second)
          outcome = stations[trip.route.from].moveBike(
            to: stations[trip.route.to], van: trip.name, log: trip.log)
          trip.whereabouts?.letGo(van: trip.index, station: second)
        }
      }
      trip.whereabouts?.letGo(van: trip.index, station: first)
      completion(outcome)
    }
  }

  // MARK: - Back-off: take the source's token, try the destination's, else start again

  private func backOff() -> VanOutcome? {
    let (from, to) = (stations[trip.route.from], stations[trip.route.to])
    return trip.backOff(tokens: stations.map(\.token), pass: probe.pass) {
      var outcome = VanOutcome.moved
      from.holdToo { to.holdToo { outcome = from.moveBike(to: to, van: trip.name, log: trip.log) } }
      return outcome
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
      trip: simulation.trip(index, route, logNumber: rounds.withLock { $0.logNumber }),
      stations: stations, probe: simulation.blockingProbe, queue: queue)
    van.transfer { [self] outcome in
      // Nil only when a scripted gate gives up on the van: counted as turned away.
      rounds.withLock { $0.record(outcome ?? .noBike) }
      queue.asyncAfter(deadline: .now() + leg) { self.start(completion: completion) }
    }
  }
}
