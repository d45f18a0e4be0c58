import BikeShare
import Dispatch

/// The era of completion handlers. Every step answers through a closure; a
/// rider's journey is a chain of them; a `DispatchGroup` tells when all are done.
@main
enum CallbacksEra: Era {
  static let info = EraInfo.callbacks
  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    // The continuation bridge again: the shared command line is async.
    await awaiting(Run(simulation).start)
  }

  static func replay(_ stage: ReplayStage) async -> StationCounts {
    let station = Station(stage.station, audit: stage.audit)
    let riders = stage.riders.map { index in
      Rider(
        journey: stage.journey(for: index), stations: [station], mode: stage.mode,
        probe: stage.blockingProbe, log: stage.log, legDuration: .zero)
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let both = DispatchGroup()
      for rider in riders {
        both.enter()
        rider.visit(0, wanting: stage.want) { _ in
          stage.blockingProbe.finished(rider: rider.index)
          both.leave()
        }
      }
      both.notify(queue: .global()) { continuation.resume() }
    }
    return await station.counts()
  }

  /// Each van of the stage makes its transfer through completion handlers.
  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      for index in stage.vans {
        let van = Van(trip: stage.trip(index), stations: stations, probe: stage.blockingProbe)
        all.enter()
        van.transfer { _ in
          stage.blockingProbe.finished(rider: index)
          all.leave()
        }
      }
      all.notify(queue: .global()) { continuation.resume() }
    }
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.counts()) }
    return ends
  }
}
