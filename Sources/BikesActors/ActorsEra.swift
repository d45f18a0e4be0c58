import BikeShare

/// The era of async/await, a task per rider, an actor per station.
@main
enum ActorsEra: Era {
  static let info = EraInfo.actors
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
        let van = Van(trip: stage.trip(index), stations: stations, probe: stage.probe)
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
