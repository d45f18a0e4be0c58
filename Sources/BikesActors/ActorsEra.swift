import BikeShare

/// Era 4: async/await, a task per rider, an actor per station.
enum ActorsEra: Era {
  static let name = "actors"
  static let executable = "bikes-actors"
  static let summary = "async/await with actors (Swift 5.5 and later)"
  static let banner = [
    "Each station is an actor; each rider is a child task in a task group.",
    "racy: `await station.freeBikes > 0`, then `await station.removeBike()`: two calls,",
    "      and other riders run on the actor in between (actor reentrancy).",
    "safe: one actor method checks and acts. Watch the lowest counts and the violations.",
  ]

  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    let stations = zip(simulation.stations, simulation.audits).map(Station.init)
    let rider = Rider(
      mode: simulation.mode, stations: stations, probe: simulation.probe, log: simulation.log)
    let legDuration = simulation.configuration.legDuration
    let results = await withTaskGroup(of: (Int, RiderResult).self) { group in
      for index in simulation.riders {
        let journey = simulation.journey(for: index)
        group.addTask { (index, await rider.ride(journey, legDuration: legDuration)) }
      }
      var results = Array(repeating: RiderResult(), count: simulation.riders.count)
      for await (index, result) in group { results[index] = result }
      return results
    }
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.counts) }
    return RunOutcome(riders: results, stations: ends)
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
