import BikeShare
import Dispatch

/// A rider is a plain loop on a thread of its own: visit a station, then
/// sleep for the leg, and again, until the journey is over or Ctrl-C.
struct Rider: Sendable {
  let index: Int
  let stations: [Station]
  let mode: Mode
  let probe: BlockingRaceProbe
  let log: EventLog

  /// In unsynchronized mode lost updates can leave no bike anybody can take;
  /// a rider turned away this many times in a row gives up.
  static let giveUpAfter = 200

  /// Rides the whole journey, blocking the calling thread.
  /// - Parameter nap: sleeps one leg; returns true if the run was stopped meanwhile.
  func ride(_ journey: Journey, nap: () -> Bool) -> (result: RiderResult, gaveUp: Bool) {
    var journey = journey
    var turnedAwayInARow = 0
    while true {
      let station = journey.pickStation()
      let now = visit(station, wanting: journey.wants)
      turnedAwayInARow = now == nil ? turnedAwayInARow + 1 : 0
      switch journey.record(now != nil) {
      case .over:
        if journey.result.reachedGoal {
          log.record(.reachedGoal(rider: index, station: stations[station].record.name))
        }
        return (journey.result, false)
      case .leg:
        if mode == .unsynchronized, turnedAwayInARow >= Self.giveUpAfter {
          return (journey.result, true)
        }
        if nap() { return (journey.result, false) }
      }
    }
  }

  /// One visit: arrive, then check and act (in the mode's way).
  /// - Returns: the counts after taking or leaving a bike, or nil if turned away.
  func visit(_ index: Int, wanting want: Want) -> StationCounts? {
    probe.pause(ProbeStop(rider: self.index, station: index, point: .arrive))
    let station = stations[index]
    let name = station.record.name
    let now: StationCounts?
    switch mode {
    case .racy, .unsynchronized:
      let seen = station.available(want)
      log.record(
        .checked(
          rider: self.index, station: name, counter: want == .bike ? .freeBikes : .emptySlots,
          value: seen))
      now =
        seen > 0
        ? station.move(want) {
          probe.pause(ProbeStop(rider: self.index, station: index, point: .raceWindow))
        } : nil
    case .safe:
      now = station.moveIfAvailable(want)
    }
    switch (now, want) {
    case (let counts?, .bike): log.record(.tookBike(rider: self.index, station: name, now: counts))
    case (let counts?, .emptySlot):
      log.record(.leftBike(rider: self.index, station: name, now: counts))
    case (nil, _): log.record(.turnedAway(rider: self.index, station: name, wanted: want))
    }
    return now
  }
}
