import BikeShare
import Foundation

/// A rebalancing van of the transfer stage (`--story transfer`): moves one
/// bike from one station to another, on a thread of its own. To hold a
/// station is to run an operation on its queue (`Station.hold`), which runs
/// one operation at a time.
struct Van: BlockingVan {
  let trip: VanTrip
  let stations: [Station]
  let probe: BlockingRaceProbe

  // MARK: - One operation each, waited for: racy, and back-off (`BlockingVan`)

  func freeBikes(at source: Station) -> Int { source.hold { source.freeBikes } }
  func emptySlots(at destination: Station) -> Int { destination.hold { destination.emptySlots } }
  func takeBike(from source: Station) -> StationCounts { source.hold { source.removeBike() } }
  func leaveBike(at destination: Station) -> StationCounts {
    destination.hold { destination.addBike() }
  }

  // MARK: - Nested and safe: an operation that waits for another station's operation

  func holdBoth(first: Int, second: Int) -> VanOutcome? {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(trip.stop(first, .arrive)) else { return nil }
    let (outer, inner) = (stations[first], stations[second])
    let whereabouts = trip.whereabouts
    whereabouts?.waits(van: trip.index, for: first)
    return outer.hold { [trip] () -> VanOutcome? in
      whereabouts?.holds(van: trip.index, station: first)
      defer { whereabouts?.letGo(van: trip.index, station: first) }
      trip.holds(first)
      guard probe.pass(trip.stop(second, .hold)) else { return nil }
      // Waits for an operation on the second station while this one holds the first.
      // It checks both (the first is still held) and does its part of the move.
      let outerCounts = StationCounts(freeBikes: outer.freeBikes, emptySlots: outer.emptySlots)
      whereabouts?.waits(van: trip.index, for: second)
      let checked = inner.hold { () -> (VanOutcome, StationCounts?) in
        whereabouts?.holds(van: trip.index, station: second)
        defer { whereabouts?.letGo(van: trip.index, station: second) }
        trip.holds(second)
        let innerCounts = StationCounts(freeBikes: inner.freeBikes, emptySlots: inner.emptySlots)
        let outcome = trip.canMove(first: first, outer: outerCounts, inner: innerCounts)
        guard outcome == .moved else { return (outcome, nil) }
        return (.moved, trip.secondGetsTheBike(first: first) ? inner.addBike() : inner.removeBike())
      }
      guard case (.moved, let innerNow?) = checked else {
        return trip.turnedAway(noBike: checked.0 == .noBike)
      }
      let outerNow = trip.secondGetsTheBike(first: first) ? outer.removeBike() : outer.addBike()
      return trip.moved(first: first, firstNow: outerNow, secondNow: innerNow)
    }
  }
}
