import BikeShare
import Foundation

/// A rebalancing van (`--story transfer`, `--vans`): moves one bike from
/// one station to another, on a thread of its own. To hold a station is to
/// hold its van lock, an `NSLock` (`Station.vanLock`); the counters keep
/// their own lock for each single call.
struct Van: BlockingVan {
  let trip: VanTrip
  let stations: [Station]
  let probe: BlockingRaceProbe

  // MARK: - One call each, under the counters' own lock; racy and back-off

  func freeBikes(at source: Station) -> Int { source.freeBikes }
  func emptySlots(at destination: Station) -> Int { destination.emptySlots }
  func takeBike(from source: Station) -> StationCounts { source.removeBike() }
  func leaveBike(at destination: Station) -> StationCounts { destination.addBike() }

  /// Locks the source's van lock, `try()`s the destination's, else lets go and starts again.
  func backOff() -> VanOutcome? {
    trip.backOff(
      pass: probe.pass, hold: { stations[$0].vanLock.lock() },
      tryHold: { stations[$0].vanLock.try() }, letGo: { stations[$0].vanLock.unlock() },
      move: move)
  }

  // MARK: - Nested and safe: hold one station, then the other as well

  /// `nested` holds its source first, so two vans going opposite ways can
  /// each hold one station and wait for the other's for ever. `safe` takes
  /// the same two locks in one global order, so no such cycle can form.
  func holdBoth(first: Int, second: Int) -> VanOutcome? {
    // The scripted gate gives up on a van only in a deadlocked schedule.
    guard probe.pass(trip.stop(first, .arrive)) else { return nil }
    hold(first)
    defer { letGo(first) }
    guard probe.pass(trip.stop(second, .hold)) else { return nil }
    hold(second)
    defer { letGo(second) }
    return move()
  }

  /// Waits for the station's van lock, and holds it (told to the watchdog).
  private func hold(_ station: Int) {
    trip.whereabouts?.waits(van: trip.index, for: station)
    stations[station].vanLock.lock()
    trip.whereabouts?.holds(van: trip.index, station: station)
    trip.holds(station)
  }

  private func letGo(_ station: Int) {
    trip.whereabouts?.letGo(van: trip.index, station: station)
    stations[station].vanLock.unlock()
  }
}
