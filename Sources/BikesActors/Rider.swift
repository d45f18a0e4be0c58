import BikeShare

/// How riders use stations: one `visit` per leg, and the loop of a whole journey.
struct Rider: Sendable {
  let mode: Mode
  let stations: [Station]
  let probe: RaceProbe
  let log: EventLog

  /// Rides (and walks) until the journey is over or the task is cancelled.
  func ride(_ start: Journey, legDuration: Duration) async -> RiderResult {
    var journey = start
    defer { probe.finished(rider: journey.rider) }
    while !Task.isCancelled {
      let index = journey.pickStation()
      let succeeded = await visit(index, wanting: journey.wants, as: journey.rider)
      switch journey.record(succeeded) {
      case .leg:
        // Walking or riding to the next station. Cancellation wakes the sleep
        // early; the loop condition then ends the ride.
        try? await Task.sleep(for: legDuration)
      case .over where journey.result.reachedGoal:
        log.record(.reachedGoal(rider: journey.rider, station: stations[index].record.name))
        // The era's way to end work: the rider cancels its own task, and the
        // loop (like any cancellation-aware code below it) sees `isCancelled`.
        withUnsafeCurrentTask { task in task?.cancel() }
      case .over:
        return journey.result
      }
    }
    return journey.result
  }

  /// Asks the station for a bike or an empty slot.
  /// - Returns: whether the rider got what it wanted.
  func visit(_ index: Int, wanting want: Want, as rider: Int) async -> Bool {
    let station = stations[index]
    await probe.pause(ProbeStop(rider: rider, station: index, point: .arrive))
    let now: StationCounts? =
      switch (mode, want) {
      case (.safe, .bike): await station.takeBike()
      case (.safe, .emptySlot): await station.leaveBike()
      case (_, .bike): await racyTake(at: index, as: rider)
      case (_, .emptySlot): await racyLeave(at: index, as: rider)
      }
    log.record(.answer(rider: rider, station: station.record.name, wanted: want, now: now))
    return now != nil
  }

  // MARK: - Racy: the original project's check-then-act

  private func racyTake(at index: Int, as rider: Int) async -> StationCounts? {
    let station = stations[index]
    let free = await station.freeBikes
    log.record(
      .checked(rider: rider, station: station.record.name, counter: .freeBikes, value: free))
    guard free > 0 else { return nil }
    // RACE WINDOW: this rider is off the actor; others may take the same bike now.
    await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    return await station.removeBike()
  }

  private func racyLeave(at index: Int, as rider: Int) async -> StationCounts? {
    let station = stations[index]
    let empty = await station.emptySlots
    log.record(
      .checked(rider: rider, station: station.record.name, counter: .emptySlots, value: empty))
    guard empty > 0 else { return nil }
    // RACE WINDOW: this rider is off the actor; others may fill the same slot now.
    await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    return await station.addBike()
  }
}
