import Dispatch

/// A van of an era whose van runs on a thread of its own and blocks while it
/// waits (dispatch, operations, futures): the choice of what to do for each
/// mode is the same in those eras, so it is written here once; how to hold a
/// station, race and back off is each era's own.
public protocol BlockingVan: Sendable {
  associatedtype Station
  /// Who the van is, its route, and what it logs.
  var trip: VanTrip { get }
  /// Every station of the stage, by index.
  var stations: [Station] { get }
  /// Where a racy van pauses and the scripted gate lets a van go on.
  var probe: BlockingRaceProbe { get }
  /// The four single calls of a move, each in the era's idiom: the bikes at
  /// the van's source, the slots at its destination, take one, leave one.
  /// `racy` makes each its own step; `move` makes them back to back.
  func freeBikes(at source: Station) -> Int
  func emptySlots(at destination: Station) -> Int
  func takeBike(from source: Station) -> StationCounts
  func leaveBike(at destination: Station) -> StationCounts
  /// Holds `first`, then `second` as well, checks and moves (nil: the
  /// scripted gate gave up on the van, in a deadlocked schedule).
  func holdBoth(first: Int, second: Int) -> VanOutcome?
  /// Holds the source, tries the destination, and starts again if it is held.
  func backOff() -> VanOutcome?
}

extension BlockingVan {
  /// Makes the transfer; how it ended (nil: the scripted gate gave up on it).
  /// `nested` holds the van's source first, so two vans going opposite ways
  /// can each hold one station and wait for the other's for ever; `safe`
  /// holds the same two stations in one global order, so no cycle can form.
  @discardableResult
  public func transfer() -> VanOutcome? {
    switch trip.mode {
    case .nested: return holdBoth(first: trip.route.from, second: trip.route.to)
    case .safe: return holdBoth(first: trip.order.first, second: trip.order.second)
    case .backoff: return backOff()
    default: return racy()
    }
  }
}

extension BlockingVan {
  /// Checks both stations, then takes and leaves as separate steps: another
  /// van may come between any two of them.
  public func racy() -> VanOutcome? {
    let (from, to) = (stations[trip.route.from], stations[trip.route.to])
    return trip.racy(
      pause: probe.pause, free: freeBikes(at: from), empty: emptySlots(at: to),
      take: takeBike(from: from), leave: leaveBike(at: to))
  }

  /// Holding both stations: check and move, with no other van in between.
  public func move() -> VanOutcome {
    let (from, to) = (stations[trip.route.from], stations[trip.route.to])
    return trip.move(
      free: freeBikes(at: from), empty: emptySlots(at: to), take: takeBike(from: from),
      leave: leaveBike(at: to))
  }
}

/// A station held by running on its queue: a queue cannot be tried, so a
/// van that backs off (`--mode backoff`) holds it by taking a semaphore,
/// and tries it with a zero timeout (callbacks, operations, futures).
public protocol TokenStation {
  var token: DispatchSemaphore { get }
}

extension BlockingVan where Station: TokenStation {
  /// Takes the source's token, tries the destination's, else starts again.
  public func backOff() -> VanOutcome? {
    trip.backOff(tokens: stations.map(\.token), pass: probe.pass, move: move)
  }
}
