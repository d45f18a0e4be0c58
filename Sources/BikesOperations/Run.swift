import BikeShare
import Foundation

/// One simulation run: the stations, the riders, the queues, and a summary
/// operation that depends on every rider's final operation.
final class Run: Sendable {
  let stations: [Station]
  let riders: [Rider]
  let queues: Queues
  private let stop: StopSwitch
  private let simulation: Simulation

  /// - Parameter hooks: tests: set on every step; `released` also on every rider.
  init(_ simulation: Simulation, hooks: Step.Hooks = Step.Hooks()) {
    let stations = simulation.makeStations(Station.init)
    let queues = Queues(hooks: hooks)
    self.stations = stations
    self.queues = queues
    self.riders = simulation.riders.map { index in
      Rider(
        journey: simulation.journey(for: index, sendsAtPick: false), stations: stations,
        mode: simulation.riderMode,
        probe: simulation.blockingProbe, log: simulation.log,
        legDuration: simulation.configuration.legDuration, queues: queues, onRelease: hooks.released
      )
    }
    stop = simulation.stop
    self.simulation = simulation
  }

  /// Starts every rider; `completion` gets the outcome from the summary operation.
  func start(completion: @escaping @Sendable (RunOutcome) -> Void) {
    let vans = Locked(Array(repeating: VanResult(), count: simulation.vans.count))
    let summary = SummaryOperation(
      riders: riders.map(\.done), stations: stations, notes: { [queues] in queues.notes },
      vans: { vans.withLock { $0 } },
      delivered: completion)
    queues.depend(summary, on: riders.map(\.done))
    startVans(results: vans, before: summary)
    queues.add(summary, to: queues.run, as: .run)
    // `[weak self]`: the stop switch outlives the run.
    stop.onStop { [weak self] in self?.cancelAll() }
    for rider in riders { rider.start() }
  }

  /// `--vans`: each van on a thread of its own, as in the transfer stage
  /// (a van blocks while it waits for a station's queue, and a blocked
  /// operation would hold a thread of the pool that runs the riders' steps).
  /// The summary waits for an operation that each van adds when it is done.
  private func startVans(results: Locked<[VanResult]>, before summary: Operation) {
    for index in simulation.vans {
      let vanDone = BlockOperation {}
      summary.addDependency(vanDone)
      Thread { [simulation, stations, queues] in
        let result = simulation.driveVan(index) { trip in
          Van(trip: trip, stations: stations, probe: simulation.blockingProbe).transfer()
        }
        results.withLock { $0[index] = result }
        queues.run.addOperation(vanDone)
      }.start()
    }
  }

  /// Ctrl-C: riders plan nothing more, then every journey step is cancelled.
  /// Cancelled steps finish without doing their work; legs under way end now.
  private func cancelAll() {
    for rider in riders { rider.stop() }
    queues.cancelAll(stations)
  }
}
