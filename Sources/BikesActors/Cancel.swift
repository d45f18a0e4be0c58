import BikeShare

/// The cancel story (`--story cancel`) in the era of async/await: each rider
/// is a task, and X calls rider A off with `Task.cancel()`. Cancellation is
/// cooperative (SE-0304: it "has no effect at all unless something checks
/// for cancellation"): the rider notices where its code checks.
extension ActorsEra {
  static func cancel(_ stage: CancelStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    let (rossio, chiado) = (stations[0], stations[1])
    let probe = stage.probe
    // Unstructured tasks, so that X can cancel one rider: a task group's
    // children are cancelled all together or not at all.
    let riders = stage.riders.map { index in
      Task {
        await ride(stage.trip(index), probe: probe, rossio: rossio, chiado: chiado)
        probe.finished(rider: index)
      }
    }
    let caller = Task {
      if await probe.pass(stage.callOff) {
        riders[CancelStage.target].cancel()
        stage.calledOff()
      }
      probe.finished(rider: CancelStage.caller)
    }
    for task in riders + [caller] { await task.value }
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.counts) }
    return ends
  }

  /// One rider's trip. Racy stops where it checks, with the bike: the
  /// `checkCancellation()` a rider might write before it docks throws in a
  /// cancelled task. Safe looks once and acts on what it saw: called off,
  /// it gives the bike back, with no `await` on the way that a cancellation
  /// can cut short (nothing in `leaveBike()` checks for cancellation; exercise
  /// 09-3 adds something that does); not called off, it docks at Chiado,
  /// even if the call-off lands a moment later.
  private static func ride(_ trip: CancelTrip, probe: RaceProbe, rossio: Station, chiado: Station)
    async
  {
    guard await probe.pass(trip.arrive) else { return }
    if Task.isCancelled { return trip.stops(holdingBike: false) }
    guard trip.took(await rossio.takeBike()), await probe.pass(trip.ride) else { return }
    guard trip.mode.isFix else {
      do {
        try Task.checkCancellation()
      } catch {
        return trip.stops(holdingBike: true)
      }
      return trip.docked(await chiado.leaveBike())
    }
    if Task.isCancelled {
      trip.gaveBack(await rossio.leaveBike())
      return trip.stops(holdingBike: false)
    }
    trip.docked(await chiado.leaveBike())
  }
}
