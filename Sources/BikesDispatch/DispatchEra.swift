import BikeShare
import Foundation

/// The era of threads and locks. Riders are blocking loops on threads, legs are
/// sleeps, and stations are protected by the lock `--lock` picks (or, with
/// `--mode unsynchronized`, by nothing at all).
@main
enum DispatchEra: Era {
  static let info = EraInfo.dispatch
  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    // The run blocks its thread until every rider is done: not a thread of
    // the async world's cooperative pool, but one of its own.
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(
          returning: Run.ride(simulation, threadCap: simulation.configuration.threadCap))
      }.start()
    }
  }

  /// Each rider of the stage visits the station once, on a thread of its own.
  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(
      stage.station, audit: stage.audit, mode: stage.mode, lock: stage.configuration.lock)
    await Stage.eachOnAThread(stage.riders, reusing: stage.blockingProbe.mayWaitForOthers) {
      index in
      let rider = Rider(
        index: index, stations: [station], mode: stage.mode, probe: stage.blockingProbe,
        log: stage.log)
      _ = rider.visit(0, wanting: stage.want)
      stage.blockingProbe.finished(rider: index)
    }
    return station.counts
  }

  /// Each van of the stage makes its transfer on a thread of its own.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map {
      Station($0, audit: $1, mode: stage.mode, lock: stage.configuration.lock)
    }
    await Stage.eachOnAThread(stage.vans, reusing: stage.blockingProbe.mayWaitForOthers) {
      index in
      Van(trip: stage.trip(index), stations: stations, probe: stage.blockingProbe).transfer()
      stage.blockingProbe.finished(rider: index)
    }
    return stations.map(\.counts)
  }
}
