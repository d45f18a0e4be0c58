import Dispatch

/// One transfer of a van, apart from how its era holds a station and waits:
/// who the van is, its route, the one order the safe vans take stations in,
/// and what it tells the log. Every era's `Van` keeps one and adds only its
/// own idiom; the steps every blocking era's van takes in the same order
/// (check and move, back off) are written here once, each call made by the
/// era (`@autoclosure`: the call is the era's, made when the step comes).
public struct VanTrip: Sendable {
  /// The van: 0 is A on the stage; a run's vans count from 0 too.
  public let index: Int
  public let route: (from: Int, to: Int)
  /// The two stations in the one global order (`safe`): by id.
  public let order: (first: Int, second: Int)
  public let mode: Mode
  public let log: EventLog
  /// The stations' names, by index.
  public let names: [String]
  /// A run's van (`--vans`) is told to its watchdog.
  public let whereabouts: Whereabouts?
  /// Its number in the log: the stage's vans are A, B, ..., a run's "van N".
  public let name: Int

  public init(
    index: Int, route: (from: Int, to: Int), order: (first: Int, second: Int), mode: Mode,
    log: EventLog, names: [String], whereabouts: Whereabouts? = nil, logNumber: Int? = nil
  ) {
    self.index = index
    self.route = route
    self.order = order
    self.mode = mode
    self.log = log
    self.names = names
    self.whereabouts = whereabouts
    name = logNumber ?? index
  }

  /// The probe's stop at `station`.
  public func stop(_ station: Int, _ point: ProbePoint) -> ProbeStop {
    ProbeStop(rider: name, station: station, point: point)
  }

  /// Logs that the van took hold of `station`.
  public func holds(_ station: Int) { log.record(.holds(rider: name, station: names[station])) }

  /// Logs that the van let go of `station` to start again (back-off).
  public func letsGo(_ station: Int) { log.record(.letGo(rider: name, station: names[station])) }

  public func checked(_ station: Int, _ counter: Counter, _ value: Int) {
    log.record(.checked(rider: name, station: names[station], counter: counter, value: value))
  }

  public func took(_ now: StationCounts) {
    log.record(.tookBike(rider: name, station: names[route.from], now: now))
  }

  public func left(_ now: StationCounts) {
    log.record(.leftBike(rider: name, station: names[route.to], now: now))
  }

  /// Logs why the van was turned away, and says so.
  public func turnedAway(noBike: Bool) -> VanOutcome {
    let wanted = noBike ? Want.bike : .emptySlot
    log.record(
      .turnedAway(rider: name, station: names[noBike ? route.from : route.to], wanted: wanted))
    return VanOutcome(turnedAwayFor: wanted)
  }

  /// Racy, in a blocking era: check both stations, then (after the race
  /// window, where neither is held) take and leave as two more calls.
  public func racy(
    pause: (ProbeStop) -> Void, free: @autoclosure () -> Int, empty: @autoclosure () -> Int,
    take: @autoclosure () -> StationCounts, leave: @autoclosure () -> StationCounts
  ) -> VanOutcome {
    pause(stop(route.from, .arrive))
    let freeBikes = free()
    checked(route.from, .freeBikes, freeBikes)
    let emptySlots = empty()
    checked(route.to, .emptySlots, emptySlots)
    guard freeBikes > 0, emptySlots > 0 else { return turnedAway(noBike: freeBikes <= 0) }
    // RACE WINDOW: neither station is held; another van may take the same bike now.
    pause(stop(route.from, .raceWindow))
    // Moved first, logged after: the log evaluates no event while it is off.
    took(take())
    left(leave())
    return .moved
  }

  /// Holding both stations: check and move, with no other van in between.
  public func move(
    free: @autoclosure () -> Int, empty: @autoclosure () -> Int,
    take: @autoclosure () -> StationCounts, leave: @autoclosure () -> StationCounts
  ) -> VanOutcome {
    guard free() > 0 else { return turnedAway(noBike: true) }
    guard empty() > 0 else { return turnedAway(noBike: false) }
    took(take())
    left(leave())
    return .moved
  }

  /// Back-off, in a blocking era: hold the source, try the destination, and
  /// if another van holds it, let go and start again. `hold`, `tryHold` and
  /// `letGo` take a station's index; `move` runs holding both.
  public func backOff(
    pass: (ProbeStop) -> Bool, hold: (Int) -> Void, tryHold: (Int) -> Bool,
    letGo: (Int) -> Void, move: () -> VanOutcome
  ) -> VanOutcome? {
    while true {
      guard pass(stop(route.from, .arrive)) else { return nil }
      hold(route.from)
      holds(route.from)
      guard pass(stop(route.to, .hold)) else {
        letGo(route.from)
        return nil
      }
      if tryHold(route.to) {
        holds(route.to)
        let outcome = move()
        letGo(route.to)
        letGo(route.from)
        return outcome
      }
      // Another van holds the destination: let go, and start again.
      letGo(route.from)
      letsGo(route.from)
    }
  }

  /// Back-off where a station is held by taking its token, a semaphore of
  /// one (the queue eras): `wait`, `wait(timeout: .now())`, `signal`.
  public func backOff(
    tokens: [DispatchSemaphore], pass: (ProbeStop) -> Bool, move: () -> VanOutcome
  ) -> VanOutcome? {
    backOff(
      pass: pass, hold: { tokens[$0].wait() },
      tryHold: { tokens[$0].wait(timeout: .now()) == .success }, letGo: { tokens[$0].signal() },
      move: move)
  }

  /// Holding both, where the second station's work answers first (a queue
  /// that runs it): whether the van can move, from the counts of the
  /// station it holds first (`outer`) and second (`inner`).
  public func canMove(first: Int, outer: StationCounts, inner: StationCounts) -> VanOutcome {
    let (source, destination) = first == route.from ? (outer, inner) : (inner, outer)
    guard source.freeBikes > 0 else { return .noBike }
    guard destination.emptySlots > 0 else { return .noSlot }
    return .moved
  }

  /// Whether the station held second gets the bike (else it gives it).
  public func secondGetsTheBike(first: Int) -> Bool { first == route.from }

  /// Logs a move made in two halves, one at each station, and says so.
  public func moved(first: Int, firstNow: StationCounts, secondNow: StationCounts) -> VanOutcome {
    let (tookNow, leftNow) = first == route.from ? (firstNow, secondNow) : (secondNow, firstNow)
    took(tookNow)
    left(leftNow)
    return .moved
  }
}
