import BikeShare

/// Era 4: async/await, a task per rider, an actor per station.
@main
enum ActorsEra: Era {
  static let info = EraInfo.actors
  static let summary = "async/await with actors (Swift 5.5 and later)"
  static let banner = [
    "Each station is an actor; each rider is a child task in a task group.",
    "racy: `await station.freeBikes > 0`, then `await station.removeBike()`: two calls,",
    "      and other riders run on the actor in between (actor reentrancy).",
    "safe: one actor method checks and acts. Watch the lowest counts and the violations.",
  ]

  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    await Run.ride(simulation)
  }

  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(stage.station, audit: stage.audit)
    let rider = Rider(mode: stage.mode, stations: [station], probe: stage.probe, log: stage.log)
    await withTaskGroup(of: Void.self) { group in
      for index in stage.riders {
        group.addTask {
          _ = await rider.visit(0, wanting: .emptySlot, as: index)
          rider.probe.finished(rider: index)
        }
      }
    }
    return await station.counts
  }
}
