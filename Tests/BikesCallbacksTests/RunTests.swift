import BikeShare
import Synchronization
import TestSupport
import Testing

@testable import BikesCallbacks

/// What only this era's run has (the shared scenarios are
/// `ErasTests/RunContractTests`).
@Suite(.timeLimit(.minutes(3))) struct CallbacksRunTests {
  // NB: drop `[weak self]` from the `stop.onStop` handler in `Run.start`: the
  // stop switch then keeps the run, and so every rider, alive; this times out.
  @Test(.timeLimit(.minutes(1)))
  func ridersAreReleasedWhenTheRunEnds() async throws {
    var configuration = Configuration()
    configuration.riders = 20
    configuration.paths = 2
    configuration.legMilliseconds = 0
    let city = try await CitySource.embedded.load()
    let simulation = Simulation(
      mode: .safe, configuration: configuration,
      selection: try Selection(city: city, configuration: configuration), log: .none)
    let released = Released()
    do {
      let run = Run(simulation, onRelease: released.one)
      let outcome = await withCheckedContinuation { continuation in
        run.start { continuation.resume(returning: $0) }
      }
      #expect(outcome.riders.reduce(0) { $0 + $1.paths } == 40)
    }
    // The run is out of scope: every rider must now be deallocated.
    await released.all(20)
    #expect(released.count == 20)
  }
}
