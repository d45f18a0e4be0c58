import BikeShare
import Dispatch

/// A rebalancing van of the transfer stage (`--story transfer`): moves one
/// bike from one station to another, on a thread of its own, waiting for
/// each station's future. To hold a station is to run in a future's work on
/// its queue (`Station.hold`).
struct Van: BlockingVan {
  let trip: VanTrip
  let stations: [Station]
  let probe: BlockingRaceProbe

  // MARK: - One future each, waited for: racy, and back-off (`BlockingVan`)

  func freeBikes(at source: Station) -> Int { source.freeBikes().wait() }
  func emptySlots(at destination: Station) -> Int { destination.emptySlots().wait() }
  func takeBike(from source: Station) -> StationCounts { source.removeBike().wait() }
  func leaveBike(at destination: Station) -> StationCounts { destination.addBike().wait() }

  // MARK: - Nested and safe: a blocking wait inside one station's future

  func holdBoth(first: Int, second: Int) -> VanOutcome? {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(trip.stop(first, .arrive)) else { return nil }
    let (outer, inner) = (stations[first], stations[second])
    let whereabouts = trip.whereabouts
    whereabouts?.waits(van: trip.index, for: first)
    keepRidersOut(first)
    defer { letRidersIn(first) }
    return outer.hold { [self] () -> VanOutcome? in
      whereabouts?.holds(van: trip.index, station: first)
      defer { whereabouts?.letGo(van: trip.index, station: first) }
      trip.holds(first)
      guard probe.pass(trip.stop(second, .hold)) else { return nil }
      // Waits for the second station while its work holds the first; it
      // checks both there (the first is still held) and does its part of the move.
      let outerCounts = outer.heldCounts
      whereabouts?.waits(van: trip.index, for: second)
      keepRidersOut(second)
      defer { letRidersIn(second) }
      let checked = inner.hold { [trip] () -> (VanOutcome, StationCounts?) in
        whereabouts?.holds(van: trip.index, station: second)
        defer { whereabouts?.letGo(van: trip.index, station: second) }
        trip.holds(second)
        let outcome = trip.canMove(first: first, outer: outerCounts, inner: inner.heldCounts)
        guard outcome == .moved else { return (outcome, nil) }
        let gets = trip.secondGetsTheBike(first: first)
        return (.moved, gets ? inner.addHeldBike() : inner.removeHeldBike())
      }.wait()
      guard case (.moved, let innerNow?) = checked else {
        return trip.turnedAway(noBike: checked.0 == .noBike)
      }
      let gets = trip.secondGetsTheBike(first: first)
      let outerNow = gets ? outer.removeHeldBike() : outer.addHeldBike()
      return trip.moved(first: first, firstNow: outerNow, secondNow: innerNow)
    }.wait()
  }

  /// In a run (`--vans`), a safe rider's visit is an exclusive future
  /// (`--exclusive condition`): a van takes the same turn before it holds
  /// the station's queue, or a rider's check and act could straddle it.
  private func keepRidersOut(_ station: Int) {
    if trip.whereabouts != nil { stations[station].exclusion.acquire() }
  }

  private func letRidersIn(_ station: Int) {
    if trip.whereabouts != nil { stations[station].exclusion.release() }
  }
}
