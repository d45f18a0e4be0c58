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
  /// `--call-off`: the app sets it, as `Thread.cancel()` sets `isCancelled`;
  /// the rider reads it when a leg is over. Asleep in its leg, the thread
  /// cannot see it.
  let callOff = DispatchEra.CallOff()

  /// Rides the whole journey, blocking the calling thread.
  /// - Parameter nap: sleeps one leg; returns true if the run was stopped meanwhile.
  func ride(_ journey: Journey, nap: () -> Bool) -> RiderResult {
    // `--deadline-ms`: a work item on the deadlines' queue sets the rider's flag
    // when the time is up, as another thread's `Thread.cancel()` would; the
    // rider reads it when its nap is over. Cancelled once the ride is over;
    // a work item already running runs on, and still writes its time in the
    // call-offs (which the report does not read: the rider's result says
    // whether it was called off) and sets a flag nobody reads.
    let timer = journey.deadline.map { deadline in
      let item = DispatchWorkItem { [callOff] in
        journey.deadlinePassed()
        callOff.cancel()
      }
      CallOffs.timers.asyncAfter(
        deadline: .now() + deadline.dispatchInterval, execute: item)
      return item
    }
    defer { timer?.cancel() }
    return journey.ride(
      log: log, stations: stations.map(\.record.name), visit: visit, leg: nap,
      callOff: callOff.cancel, calledOff: { callOff.isCancelled })
  }

  /// Asks the station for a bike or an empty slot.
  /// - Returns: whether the rider got what it wanted.
  func visit(_ index: Int, wanting want: Want) -> Bool {
    let station = stations[index]
    probe.pause(ProbeStop(rider: self.index, station: index, point: .arrive))
    let now: StationCounts? =
      switch (mode, want) {
      case (.safe, .bike): station.takeBike()
      case (.safe, .emptySlot): station.leaveBike()
      case (_, .bike): racyTake(at: index)
      case (_, .emptySlot): racyLeave(at: index)
      }
    log.record(.answer(rider: self.index, station: station.record.name, wanted: want, now: now))
    return now != nil
  }

  // MARK: - Racy: check, then act, each under the lock (or under none)

  private func racyTake(at index: Int) -> StationCounts? {
    let station = stations[index]
    if probe.isBare { return originalTake(from: station) }
    let free = station.freeBikes
    log.record(
      .checked(rider: self.index, station: station.record.name, counter: .freeBikes, value: free))
    guard free > 0 else { return nil }
    // RACE WINDOW: the lock is free; other threads may take the same bike now.
    return station.removeBike(after: window(at: index))
  }

  private func racyLeave(at index: Int) -> StationCounts? {
    let station = stations[index]
    if probe.isBare { return originalLeave(at: station) }
    let empty = station.emptySlots
    log.record(
      .checked(rider: self.index, station: station.record.name, counter: .emptySlots, value: empty))
    guard empty > 0 else { return nil }
    // RACE WINDOW: the lock is free; other threads may fill the same slot now.
    return station.addBike(after: window(at: index))
  }

  // MARK: - Racy at window 0 without --log: the original code and nothing else
  //
  // Two separate locked calls, with nothing at all between them.
  // A test keeps these two functions exactly as they are.

  private func originalTake(from station: Station) -> StationCounts? {
    if station.freeBikes > 0 { return station.removeBike() }
    return nil
  }

  private func originalLeave(at station: Station) -> StationCounts? {
    if station.emptySlots > 0 { return station.addBike() }
    return nil
  }

  private func window(at station: Int) -> () -> Void {
    { probe.pause(ProbeStop(rider: self.index, station: station, point: .raceWindow)) }
  }
}
