import BikeShare

/// The era of async/await, a task per rider, an actor per station.
@main
enum ActorsEra: Era {
  static let info = EraInfo.actors
  static let summary = "async/await with actors (Swift 5.5 and later)"
  static let banner = [
    "Each station is an actor; each rider is a child task in a task group.",
    "racy: `await station.freeBikes > 0`, then `await station.removeBike()`: two calls,",
    "      each atomic, with other riders' calls in between (check-then-act).",
    "reentrant: one station method that awaits a payment between its check and its act.",
    "safe: check and act as one unit (--fix: one actor method, an isolated parameter,",
    "      or reserve before paying). Watch the lowest counts and the violations.",
  ]

  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    await Run.ride(simulation)
  }

  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(stage.station, audit: stage.audit)
    let rider = Rider(
      mode: stage.mode, fix: stage.configuration.fix, callers: stage.configuration.callers,
      stations: [station],
      payments: Payments(log: stage.log), probe: stage.probe, log: stage.log)
    await withDiscardingTaskGroup { group in
      for index in stage.riders {
        group.addTask {
          _ = await rider.visit(0, wanting: stage.want, as: index)
          rider.probe.finished(rider: index)
        }
      }
    }
    return await station.counts
  }

  /// Each van of the stage makes its transfer as a child task.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    await withDiscardingTaskGroup { group in
      for index in stage.vans {
        let van = Van(
          index: index, stations: stations, route: stage.route(index), mode: stage.mode,
          probe: stage.probe, log: stage.log)
        group.addTask {
          await van.transfer()
          stage.probe.finished(rider: index)
        }
      }
    }
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.counts) }
    return ends
  }
}
