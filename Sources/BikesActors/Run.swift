import BikeShare

/// One simulation run: a child task per rider in a task group. The group
/// ends when every rider has; Ctrl-C cancels the run's task, and with it
/// every child.
enum Run {
  static func ride(_ simulation: Simulation) async -> RunOutcome {
    let stations = simulation.makeStations(Station.init)
    let rider = Rider(
      mode: simulation.mode, fix: simulation.configuration.fix, stations: stations,
      payments: Payments(), probe: simulation.probe, log: simulation.log)
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
}
