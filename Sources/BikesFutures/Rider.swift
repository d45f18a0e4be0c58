import BikeShare
import Dispatch

/// A rider is a plain loop on a thread of its own, as in chapter 03, but
/// every step is a future it waits for: each answer of a station, and each
/// leg. The code reads top to bottom, like async/await; each `wait()` holds
/// the rider's thread until the future has finished.
final class Rider: Sendable {
  let index: Int
  private let stations: [Station]
  private let mode: Mode
  private let exclusive: FuturesExclusive
  private let probe: BlockingRaceProbe
  private let log: EventLog
  private let legDuration: DispatchTimeInterval
  private let onRelease: (@Sendable () -> Void)?
  /// The leg under way, so that Ctrl-C can cancel it.
  private let legs = Locked<(stopped: Bool, current: Future<Void, any Error>?)>((false, nil))
  /// `--call-off`: the rider's trip, a future the app cancels. Cancelling
  /// finishes it at once, and the leg under way with it (its `wait()` ends),
  /// but stops no work: the rider goes on until its code reads `isCancelled`.
  private let trip = Future<Void, any Error>.byHand { _ in }

  init(
    index: Int, stations: [Station], mode: Mode, exclusive: FuturesExclusive,
    probe: BlockingRaceProbe, log: EventLog, legDuration: Duration,
    onRelease: (@Sendable () -> Void)? = nil
  ) {
    self.index = index
    self.stations = stations
    self.mode = mode
    self.exclusive = exclusive
    self.probe = probe
    self.log = log
    self.legDuration = legDuration.dispatchInterval
    self.onRelease = onRelease
  }

  deinit { onRelease?() }

  /// Rides the whole journey, blocking the calling thread.
  func ride(_ journey: Journey) -> RiderResult {
    // `--deadline-ms`: a future that finishes when the time is up, and then
    // calls the trip off (the trip and its leg under way); cancelled once
    // the ride is over. One that finished just before still writes its time
    // in the call-offs (which the report does not read: the rider's result
    // says whether it was called off) and cancels a trip that has ended.
    let deadline = journey.deadline.map {
      Future<Void, any Error>.after($0.dispatchInterval, on: CallOffs.timers)
    }
    deadline?.whenFinished { [self] finished in
      guard case .success = finished else { return }
      journey.deadlinePassed()
      callOff()
    }
    defer { deadline?.cancel() }
    return journey.ride(
      log: log, stations: stations.map(\.record.name), visit: visit,
      leg: {
        _ = try? nextLeg().wait()  // cancelled: Ctrl-C, or the trip was called off
        return legs.withLock { $0.stopped }
      },
      callOff: callOff, calledOff: { trip.isCancelled })
  }

  /// The app calls the rider off: its trip, and the leg under way.
  private func callOff() {
    trip.cancel()
    legs.withLock { $0.current }?.cancel()
  }

  /// Ctrl-C: cancels the leg under way, so its `wait()` ends at once, and
  /// every leg to come.
  func stop() {
    let leg = legs.withLock { legs in
      legs.stopped = true
      return legs.current.take()
    }
    leg?.cancel()
  }

  private func nextLeg() -> Future<Void, any Error> {
    legs.withLock { legs in
      guard !legs.stopped, !trip.isCancelled else { return .byHand { $0.cancel() } }
      let leg = Future.after(legDuration)
      legs.current = leg
      return leg
    }
  }

  // MARK: - One visit

  /// Asks the station for a bike or an empty slot.
  /// - Returns: whether the rider got what it wanted.
  func visit(_ index: Int, wanting want: Want) -> Bool {
    let station = stations[index]
    probe.pause(ProbeStop(rider: self.index, station: index, point: .arrive))
    let now: StationCounts? =
      switch (mode, exclusive, want) {
      case (.safe, .condition, .bike): exclusiveTake(at: index)
      case (.safe, .condition, .emptySlot): exclusiveLeave(at: index)
      case (.safe, .station, .bike): station.takeBike().wait()
      case (.safe, .station, .emptySlot): station.leaveBike().wait()
      case (_, _, .bike): racyTake(at: index)
      case (_, _, .emptySlot): racyLeave(at: index)
      }
    log.record(.answer(rider: self.index, station: station.record.name, wanted: want, now: now))
    return now != nil
  }

  // MARK: - Racy: one future checks, a second one acts

  private func racyTake(at index: Int) -> StationCounts? {
    let station = stations[index]
    if probe.isBare { return originalTake(from: station) }
    let free = station.freeBikes().wait()
    log.record(
      .checked(rider: self.index, station: station.record.name, counter: .freeBikes, value: free))
    guard free > 0 else { return nil }
    // RACE WINDOW: the station's queue is free; other riders' futures run on it now.
    probe.pause(ProbeStop(rider: self.index, station: index, point: .raceWindow))
    return station.removeBike().wait()
  }

  private func racyLeave(at index: Int) -> StationCounts? {
    let station = stations[index]
    if probe.isBare { return originalLeave(at: station) }
    let empty = station.emptySlots().wait()
    log.record(
      .checked(rider: self.index, station: station.record.name, counter: .emptySlots, value: empty))
    guard empty > 0 else { return nil }
    // RACE WINDOW: the station's queue is free; other riders' futures run on it now.
    probe.pause(ProbeStop(rider: self.index, station: index, point: .raceWindow))
    return station.addBike().wait()
  }

  // MARK: - Racy at window 0 without --log: the original code and nothing else
  //
  // Two futures waited for one after the other, with nothing between them.
  // A test keeps these two functions exactly as they are.

  private func originalTake(from station: Station) -> StationCounts? {
    if station.freeBikes().wait() > 0 { return station.removeBike().wait() }
    return nil
  }

  private func originalLeave(at station: Station) -> StationCounts? {
    if station.emptySlots().wait() > 0 { return station.addBike().wait() }
    return nil
  }

  // MARK: - Safe, `--exclusive condition`: the same two futures, one rider at a time

  /// The racy take's check and act, wrapped in one future that waits for its
  /// turn at the station: no other rider's wrapped visit runs meanwhile.
  private func exclusiveTake(at index: Int) -> StationCounts? {
    let station = stations[index]
    let visit = Future(conditions: [.mutuallyExclusive(station.exclusion)]) {
      () -> StationCounts? in
      if station.freeBikes().wait() > 0 { return station.removeBike().wait() }
      return nil
    }
    return try? visit.wait()  // nothing cancels it, and its condition never fails
  }

  private func exclusiveLeave(at index: Int) -> StationCounts? {
    let station = stations[index]
    let visit = Future(conditions: [.mutuallyExclusive(station.exclusion)]) {
      () -> StationCounts? in
      if station.emptySlots().wait() > 0 { return station.addBike().wait() }
      return nil
    }
    return try? visit.wait()  // nothing cancels it, and its condition never fails
  }
}
