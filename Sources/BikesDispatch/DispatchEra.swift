import BikeShare
import Foundation

/// The era of threads and locks. Riders are blocking loops on threads, legs are
/// sleeps, and stations are protected by the lock `--lock` picks (or, with
/// `--mode unsynchronized`, by nothing at all).
@main
enum DispatchEra: Era {
  static let info = EraInfo.dispatch
  static let summary = "threads, DispatchQueues and locks (NSLock, Mutex, queues, atomics)"
  static let banner = [
    "Each rider is a loop on its own thread; each station guards its counters with a lock.",
    "racy: the check and the act each take the lock, and let go of it in between.",
    "safe: one lock around check and act.  unsynchronized: no lock at all (a data race).",
  ]

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
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let both = DispatchGroup()
      for index in stage.riders {
        let rider = Rider(
          index: index, stations: [station], mode: stage.mode, probe: stage.blockingProbe,
          log: stage.log)
        both.enter()
        Thread {
          _ = rider.visit(0, wanting: stage.want)
          stage.blockingProbe.finished(rider: index)
          both.leave()
        }.start()
      }
      both.notify(queue: .global()) { continuation.resume() }
    }
    return station.counts
  }

  /// Each van of the stage makes its transfer on a thread of its own.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map {
      Station($0, audit: $1, mode: stage.mode, lock: stage.configuration.lock)
    }
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
    return stations.map(\.counts)
  }
}
