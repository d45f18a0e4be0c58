import BikeShare

/// The era of futures with a blocking wait (2014 to 2019, as libraries).
/// Riders are loops on threads of their own; every station call returns a
/// future, and a rider waits for each one in turn.
@main
enum FuturesEra: Era {
  static let info = EraInfo.futures
  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    // The run blocks its thread until every rider is done: a thread of its
    // own, awaited from async code through the bridge, which blocks nothing.
    await Future<RunOutcome, Never>.onNewThread { Run(simulation).ride() }.value
  }

  /// Each rider of the stage visits the station once, on a thread of its own.
  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(stage.station, audit: stage.audit)
    let visits = stage.riders.map { index in
      let rider = Rider(
        index: index, stations: [station], mode: stage.mode,
        exclusive: stage.configuration.exclusive, probe: stage.blockingProbe, log: stage.log,
        legDuration: .zero)
      return Future<Void, Never>.onNewThread {
        _ = rider.visit(0, wanting: stage.want)
        stage.blockingProbe.finished(rider: index)
      }
    }
    for visit in visits { await visit.value }
    return await station.readCounts().value
  }

  /// Each van of the stage makes its transfer on a thread of its own.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    let transfers = stage.vans.map { index in
      let van = Van(trip: stage.trip(index), stations: stations, probe: stage.blockingProbe)
      return Future<Void, Never>.onNewThread {
        van.transfer()
        stage.blockingProbe.finished(rider: index)
      }
    }
    for transfer in transfers { await transfer.value }
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.readCounts().value) }
    return ends
  }
}
