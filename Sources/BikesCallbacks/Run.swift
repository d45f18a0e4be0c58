import BikeShare
import Dispatch

/// One simulation run. It owns the stations and the riders until every
/// rider has called back; callbacks hold riders only weakly, so once the run
/// lets go, everything is released.
final class Run: Sendable {
  let stations: [Station]
  let riders: [Rider]
  let vans: [VanDriver]
  private let stop: StopSwitch
  private let results: Locked<[RiderResult]>
  private let vanResults: Locked<[VanResult]>
  /// Where the run starts riders and gathers their results.
  private let queue = DispatchQueue(label: "run", attributes: .concurrent)

  init(_ simulation: Simulation, onRelease: (@Sendable () -> Void)? = nil) {
    let stations = simulation.makeStations(Station.init)
    self.stations = stations
    let lanes = Lanes(riders: simulation.riders.count, probe: simulation.blockingProbe)
    self.riders = simulation.riders.map { index in
      Rider(
        journey: simulation.journey(for: index), stations: stations, mode: simulation.riderMode,
        probe: simulation.blockingProbe, log: simulation.log,
        legDuration: simulation.configuration.legDuration, queue: lanes.queue(for: index),
        onRelease: onRelease)
    }
    vans = simulation.vans.map { VanDriver($0, simulation: simulation, stations: stations) }
    vanResults = Locked(Array(repeating: VanResult(), count: simulation.vans.count))
    stop = simulation.stop
    results = Locked(Array(repeating: RiderResult(), count: simulation.riders.count))
  }

  /// Starts every rider; `completion` gets the outcome once all have called back.
  func start(completion: @escaping @Sendable (RunOutcome) -> Void) {
    let everyone = DispatchGroup()
    for rider in riders {
      everyone.enter()
      let index = rider.index  // capture the index, not the rider: no cycle through its completion
      queue.async {
        rider.start { [weak self] result in
          self?.results.withLock { $0[index] = result }
          everyone.leave()
        }
      }
    }
    for (index, van) in vans.enumerated() {
      everyone.enter()
      queue.async {
        van.start { [weak self] result in
          self?.vanResults.withLock { $0[index] = result }
          everyone.leave()
        }
      }
    }
    stop.onStop { [weak self] in
      for rider in self?.riders ?? [] { rider.stop() }
    }
    everyone.notify(queue: queue) {
      self.readCounts { counts in
        completion(
          RunOutcome(
            riders: self.results.withLock { $0 }, stations: counts,
            vans: self.vanResults.withLock { $0 }))
      }
    }
  }

  private func readCounts(completion: @escaping @Sendable ([StationCounts]) -> Void) {
    let counts = Locked([StationCounts?](repeating: nil, count: stations.count))
    let answered = DispatchGroup()
    for (index, station) in stations.enumerated() {
      answered.enter()
      station.counts(on: queue) { value in
        counts.withLock { $0[index] = value }
        answered.leave()
      }
    }
    answered.notify(queue: queue) { completion(counts.withLock { $0.compactMap { $0 } }) }
  }
}
