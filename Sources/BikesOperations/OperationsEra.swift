import BikeShare
import Foundation

/// The era of OperationQueue with dependencies. Every step of a rider is an
/// `Operation`; steps are linked with `addDependency`; each station
/// serialises its work on its own queue.
@main
enum OperationsEra: Era {
  static let info = EraInfo.operations
  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    // The continuation bridge again: the shared command line is async.
    await awaiting(Run(simulation).start)
  }

  /// Each rider of the stage plans one visit (wanting an empty slot) and no leg.
  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(stage.station, audit: stage.audit)
    let queues = Queues(lanes: (stage.riders, stage.blockingProbe))
    return await withCheckedContinuation { continuation in
      // Depends on every rider's steps: when it runs, the station is quiet.
      let end = EndOperation { continuation.resume(returning: station.countsAfterRun) }
      let visits = stage.riders.map { rider in
        Visit(
          rider: rider, at: 0, station, wanting: stage.want, mode: stage.mode,
          probe: stage.blockingProbe, log: stage.log
        ) { _ in stage.blockingProbe.finished(rider: rider) }
      }
      for visit in visits {
        for step in visit.steps { end.addDependency(step) }
        visit.chain(on: queues, station: station)
      }
      // Queued before any step is, so no step finishes while it is queued
      // (corelibs would lose its wake-up: see `EndOperation`).
      end.widenNextReadinessRead()
      queues.run.addOperation(end)
      for visit in visits { visit.start(on: queues, station: station) }
    }
  }

  /// Each van of the stage makes its transfer on a thread of its own.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    await Stage.eachOnAThread(stage.vans, reusing: stage.blockingProbe.mayWaitForOthers) {
      index in
      Van(trip: stage.trip(index), stations: stations, probe: stage.blockingProbe).transfer()
      stage.blockingProbe.finished(rider: index)
    }
    return stations.map(\.countsAfterRun)
  }
}
