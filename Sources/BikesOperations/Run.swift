import BikeShare
import Foundation

/// One simulation run: the stations, the riders, the queues, and a summary
/// operation that depends on every rider's final operation.
final class Run: Sendable {
  let stations: [Station]
  let riders: [Rider]
  let queues: Queues
  private let stop: StopSwitch

  /// - Parameter hooks: tests: set on every step; `released` also on every rider.
  init(_ simulation: Simulation, hooks: Step.Hooks = Step.Hooks()) {
    let stations = simulation.makeStations(Station.init)
    let queues = Queues(hooks: hooks)
    self.stations = stations
    self.queues = queues
    self.riders = simulation.riders.map { index in
      Rider(
        journey: simulation.journey(for: index), stations: stations, mode: simulation.mode,
        probe: simulation.blockingProbe, log: simulation.log,
        legDuration: simulation.configuration.legDuration, queues: queues, onRelease: hooks.released
      )
    }
    stop = simulation.stop
  }

  /// Starts every rider; `completion` gets the outcome from the summary operation.
  func start(completion: @escaping @Sendable (RunOutcome) -> Void) {
    let summary = SummaryOperation(
      stations: stations, notes: { [queues] in queues.notes }, delivered: completion)
    for rider in riders { summary.addDependency(rider.done) }
    queues.add(summary, to: queues.run, as: .run)
    // `[weak self]`: the stop switch outlives the run.
    stop.onStop { [weak self] in self?.cancelAll() }
    for rider in riders { rider.start() }
  }

  /// Ctrl-C: riders plan nothing more, then every journey step is cancelled.
  /// Cancelled steps finish without doing their work; legs under way end now.
  private func cancelAll() {
    for rider in riders { rider.stop() }
    queues.cancelAll(stations)
  }
}
