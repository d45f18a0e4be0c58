import BikeShare
import Foundation

/// The era of OperationQueue with dependencies. Every step of a rider is an
/// `Operation`; steps are linked with `addDependency`; each station
/// serialises its work on its own queue.
@main
enum OperationsEra: Era {
  static let info = EraInfo.operations
  static let summary = "Operation subclasses, dependencies and OperationQueues"
  static let banner = [
    "Every step is an Operation: check, take or leave, ride or walk a leg.",
    "racy: the check and the act are two operations on the station's serial queue;",
    "      other riders' operations run there in between.",
    "safe: one operation checks and acts while the station's queue runs nothing else.",
  ]

  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    let run = Run(simulation)
    return await withCheckedContinuation { continuation in
      run.start { outcome in continuation.resume(returning: outcome) }
    }
  }

  /// Each rider of the stage plans one visit (wanting an empty slot) and no leg.
  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(stage.station, audit: stage.audit)
    let queues = Queues()
    return await withCheckedContinuation { continuation in
      // Depends on both riders' steps: when it runs, the station is quiet.
      let end = BlockOperation { continuation.resume(returning: station.countsAfterRun) }
      for rider in stage.riders {
        let visit = Visit(
          rider: rider, at: 0, station, wanting: stage.want, mode: stage.mode,
          probe: stage.blockingProbe, log: stage.log
        ) { _ in stage.blockingProbe.finished(rider: rider) }
        for step in visit.steps { end.addDependency(step) }
        visit.chain(on: queues, station: station)
        visit.start(on: queues, station: station)
      }
      queues.run.addOperation(end)
    }
  }

  /// Each van of the stage makes its transfer on a thread of its own.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      for index in stage.vans {
        let van = Van(
          index: index, stations: stations, route: stage.route(index),
          order: stage.ordered(index), mode: stage.mode, probe: stage.blockingProbe,
          log: stage.log)
        all.enter()
        Thread {
          van.transfer()
          stage.blockingProbe.finished(rider: index)
          all.leave()
        }.start()
      }
      all.notify(queue: .global()) { continuation.resume() }
    }
    return stations.map(\.countsAfterRun)
  }
}
