import BikeShare

// `--callers`: where a visit's check and act run, as each of Swift 6.2's
// settings compiles the original, unannotated rider.
//
// - `nonisolated` (the default): `Rider.visit` on the global concurrent
//   executor, as Swift 6 runs a nonisolated `async` function, and what this
//   package has always run.
// - `main-actor`: the visit's check and act isolated to the main actor, as
//   `-default-isolation MainActor` (SE-0466) makes every unannotated
//   function of a module: the copies below, `nonisolated(nonsending)`
//   (SE-0461), entered on the main actor.
// - `concurrent`: the same, except that the main actor calls `Rider.swift`'s
//   `@concurrent` functions for the check and act: the 6.2 way to leave the
//   caller's actor.
//
// None of them is a fix: only the station's design is (`--mode safe`).

/// Where `--callers main-actor` and `concurrent` riders check and act: on
/// the main actor, or on the jobs explorer's stand-in for it.
enum Home: Sendable {
  case mainActor, explored

  /// `rider`'s check and act, on this actor.
  func checkAndAct(_ rider: Rider, _ index: Int, _ want: Want, as number: Int) async
    -> StationCounts?
  {
    switch self {
    case .mainActor: await checkAndActOnMainActor(rider, index, want, as: number)
    case .explored: await checkAndActOnExploredActor(rider, index, want, as: number)
    }
  }
}

/// A `@MainActor` function, as `-default-isolation MainActor` makes every
/// unannotated one; the `nonisolated(nonsending)` functions it calls run
/// here too. (Not a closure handed to it: a closure written in nonisolated
/// code runs on the global executor, whoever calls it.)
@MainActor private func checkAndActOnMainActor(
  _ rider: Rider, _ index: Int, _ want: Want, as number: Int
) async -> StationCounts? {
  await rider.checkAndActOnCaller(index, want, as: number)
}

// MARK: - `--callers main-actor`: the check and act on the caller's actor
//
// The bodies of `visit`'s switch, `safely`, `racyTake`, `racyLeave`,
// `originalTake` and `originalLeave` in `Rider.swift` (a test keeps them
// the same), compiled `nonisolated(nonsending)` and inlined into the
// `@MainActor` function that calls them, so they are main-actor code, as
// `-default-isolation MainActor` compiles the originals. Not inlined, a
// release build leaves out the hop back to the caller's actor between two
// awaits when nothing between them needs it; a `@MainActor` function keeps
// every hop back to the main actor (chapter 05's going-further page shows
// the SIL of both). One body cannot be compiled both ways: hence copies.

extension Rider {
  /// `visit`'s check and act on the caller's actor; with `--callers
  /// concurrent` its racy and safe ones are `Rider.swift`'s, which leave it.
  @inline(__always) nonisolated(nonsending) func checkAndActOnCaller(
    _ index: Int, _ want: Want, as rider: Int
  )
    async -> StationCounts?
  {
    let station = stations[index]
    let leaves = callers == .concurrent
    return switch (mode, want) {
    case (.safe, _) where leaves: await safely(want, at: station, as: rider)
    case (_, .bike) where leaves && mode != .reentrant: await racyTake(at: index, as: rider)
    case (_, .emptySlot) where leaves && mode != .reentrant: await racyLeave(at: index, as: rider)
    case (.safe, _): await safelyOnCaller(want, at: station, as: rider)
    case (.reentrant, .bike):
      await station.takeBike(
        charging: payments, rider: rider, window: window(at: index, rider, wanting: want))
    case (.reentrant, .emptySlot):
      await station.leaveBike(
        charging: payments, rider: rider, window: window(at: index, rider, wanting: want))
    case (_, .bike): await racyTakeOnCaller(at: index, as: rider)
    case (_, .emptySlot): await racyLeaveOnCaller(at: index, as: rider)
    }
  }

  @inline(__always) nonisolated(nonsending) private func racyTakeOnCaller(
    at index: Int, as rider: Int
  ) async
    -> StationCounts?
  {
    let station = stations[index]
    if probe.isBare { return await originalTakeOnCaller(from: station) }
    let free = await station.freeBikes
    log.record(
      .checked(rider: rider, station: station.record.name, counter: .freeBikes, value: free))
    guard free > 0 else { return nil }
    // RACE WINDOW: this rider is off the actor; others may take the same bike now.
    await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    return await station.removeBike()
  }

  @inline(__always) nonisolated(nonsending) private func racyLeaveOnCaller(
    at index: Int, as rider: Int
  ) async
    -> StationCounts?
  {
    let station = stations[index]
    if probe.isBare { return await originalLeaveOnCaller(at: station) }
    let empty = await station.emptySlots
    log.record(
      .checked(rider: rider, station: station.record.name, counter: .emptySlots, value: empty))
    guard empty > 0 else { return nil }
    // RACE WINDOW: this rider is off the actor; others may fill the same slot now.
    await probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
    return await station.addBike()
  }

  @inline(__always) nonisolated(nonsending) private func originalTakeOnCaller(from station: Station)
    async
    -> StationCounts?
  {
    if await station.freeBikes > 0 { return await station.removeBike() }
    return nil
  }

  @inline(__always) nonisolated(nonsending) private func originalLeaveOnCaller(at station: Station)
    async
    -> StationCounts?
  {
    if await station.emptySlots > 0 { return await station.addBike() }
    return nil
  }

  @inline(__always) nonisolated(nonsending) private func safelyOnCaller(
    _ want: Want, at station: Station, as rider: Int
  ) async -> StationCounts? {
    switch (fix, want) {
    case (.method, .bike): await station.takeBike()
    case (.method, .emptySlot): await station.leaveBike()
    case (.isolated, .bike): await Self.take(from: station)
    case (.isolated, .emptySlot): await Self.leave(at: station)
    case (.reserve, .bike): await station.takeBike(reservingBefore: payments, rider: rider)
    case (.reserve, .emptySlot): await station.leaveBike(reservingBefore: payments, rider: rider)
    }
  }
}
