import BikeShare

/// How riders use stations: one `visit` per leg, and the loop of a whole journey.
struct Rider: Sendable {
  let mode: Mode
  /// Which safe implementation `--mode safe` uses.
  let fix: ActorsFix
  /// `--callers`: where each visit checks and acts (`Rider+Callers.swift`).
  let callers: ActorsCallers
  /// The main actor, or the jobs explorer's stand-in for it.
  var home = Home.mainActor
  let stations: [Station]
  let payments: Payments
  let probe: RaceProbe
  let log: EventLog

  /// Rides (and walks) until the journey is over or the task is cancelled.
  /// - Parameters:
  ///   - callOff: `--call-off`: the app cancels this rider's task as it sets
  ///     off on the ride the dice chose.
  ///   - deadlinePassed: `--deadline-ms`: whether the task was cancelled by
  ///     the rider's deadline (not by Ctrl-C).
  func ride(
    _ start: Journey, legDuration: Duration, callOff: () -> Void = {},
    deadlinePassed: () -> Bool = { false }
  ) async -> RiderResult {
    var journey = start
    defer { probe.finished(rider: journey.rider) }
    // Cancelled: Ctrl-C, the app's call-off or the rider's deadline. Called
    // off, a racy rider stops at this check, holding what it holds; a safe
    // one rides on until it has docked its bike (its sleeps, which throw at
    // once, do not stop it).
    while !Task.isCancelled
      || (journey.result.calledOff || deadlinePassed()) && !journey.noticedCallOff()
    {
      let index = journey.pickStation()
      let succeeded = await visit(index, wanting: journey.wants, as: journey.rider)
      switch journey.record(succeeded) {
      case .leg:
        if journey.callOffDue() { callOff() }
        // Walking or riding to the next station. Cancellation wakes the sleep
        // early (it throws at once in a cancelled task); the loop condition
        // then ends the ride.
        try? await Task.sleep(for: legDuration)
      case .over:
        if journey.result.reachedGoal {
          log.record(.reachedGoal(rider: journey.rider, station: stations[index].record.name))
        }
        return journey.result
      }
    }
    return journey.result
  }

  /// Asks the station for a bike or an empty slot.
  /// - Returns: whether the rider got what it wanted.
  func visit(_ index: Int, wanting want: Want, as rider: Int) async -> Bool {
    let station = stations[index]
    // A run's probe does nothing here: the call (an async closure) is left out.
    if probe.pausesOnArrival {
      await probe.pause(ProbeStop(rider: rider, station: index, point: .arrive))
    }
    let now: StationCounts? =
      switch (mode, want) {
      case _ where callers != .nonisolated:
        // `--callers main-actor|concurrent`: `Rider+Callers.swift`.
        await home.checkAndAct(self, index, want, as: rider)
      case (.safe, _): await safely(want, at: station, as: rider)
      case (.reentrant, .bike):
        await station.takeBike(
          charging: payments, rider: rider, window: window(at: index, rider, wanting: want))
      case (.reentrant, .emptySlot):
        await station.leaveBike(
          charging: payments, rider: rider, window: window(at: index, rider, wanting: want))
      case (_, .bike): await racyTake(at: index, as: rider)
      case (_, .emptySlot): await racyLeave(at: index, as: rider)
      }
    log.record(.answer(rider: rider, station: station.record.name, wanted: want, now: now))
    return now != nil
  }

  // MARK: - Racy: the original project's check-then-act
  //
  // `@concurrent` (SE-0461): on the global concurrent executor whoever calls
  // them. Every nonisolated `async` function of this package runs there, as
  // it builds without Swift 6.2's upcoming feature
  // `NonisolatedNonsendingByDefault`; the attribute says so where
  // `--callers concurrent` calls them from the main actor.

  @concurrent func racyTake(at index: Int, as rider: Int) async -> StationCounts? {
    let station = stations[index]
    if probe.isBare { return await originalTake(from: station) }
    let free = await station.freeBikes
    log.record(
      .checked(rider: rider, station: station.record.name, counter: .freeBikes, value: free))
    guard free > 0 else { return nil }
    // RACE WINDOW: this rider is off the actor; others may take the same bike now.
    await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    return await station.removeBike()
  }

  @concurrent func racyLeave(at index: Int, as rider: Int) async -> StationCounts? {
    let station = stations[index]
    if probe.isBare { return await originalLeave(at: station) }
    let empty = await station.emptySlots
    log.record(
      .checked(rider: rider, station: station.record.name, counter: .emptySlots, value: empty))
    guard empty > 0 else { return nil }
    // RACE WINDOW: this rider is off the actor; others may fill the same slot now.
    await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    return await station.addBike()
  }

  // MARK: - Racy at window 0 without --log: the original code and nothing else
  //
  // Two separate calls on the station, with nothing at all between them.
  // A test keeps these two functions exactly as they are.

  private func originalTake(from station: Station) async -> StationCounts? {
    if await station.freeBikes > 0 { return await station.removeBike() }
    return nil
  }

  private func originalLeave(at station: Station) async -> StationCounts? {
    if await station.emptySlots > 0 { return await station.addBike() }
    return nil
  }

  /// The reentrant station's race window: the check is logged, then the probe
  /// holds the rider while the station's method is suspended.
  func window(at index: Int, _ rider: Int, wanting want: Want)
    -> (@Sendable (Int) async -> Void)?
  {
    if probe.isBare { return nil }
    return { [probe, log, name = stations[index].record.name] seen in
      log.record(.checked(rider: rider, station: name, counter: want.counter, value: seen))
      await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    }
  }

  // MARK: - Safe: check and act as one unit, in one of three ways

  @concurrent func safely(_ want: Want, at station: Station, as rider: Int) async -> StationCounts?
  {
    switch (fix, want) {
    case (.method, .bike): await station.takeBike()
    case (.method, .emptySlot): await station.leaveBike()
    case (.isolated, .bike): await Self.take(from: station)
    case (.isolated, .emptySlot): await Self.leave(at: station)
    case (.reserve, .bike): await station.takeBike(reservingBefore: payments, rider: rider)
    case (.reserve, .emptySlot): await station.leaveBike(reservingBefore: payments, rider: rider)
    }
  }

  // `--fix isolated`: the racy rider's own check and act, in a function whose
  // station is `isolated`. The whole body runs on the station's actor and has
  // no `await`, so no other call runs there in between: the caller's
  // transaction, without a new station method.

  static func take(from station: isolated Station) -> StationCounts? {
    station.freeBikes > 0 ? station.removeBike() : nil
  }

  static func leave(at station: isolated Station) -> StationCounts? {
    station.emptySlots > 0 ? station.addBike() : nil
  }
}
