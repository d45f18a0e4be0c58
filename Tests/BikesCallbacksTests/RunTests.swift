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

@Suite struct CallbacksLanesTests {
  /// A run's riders share the era's few serial queues: rider `i` on lane `i % 8`.
  @Test func ridersShareEightQueuesInARun() {
    let lanes = Lanes(riders: 20, probe: .waiting(.microseconds(100)))
    #expect(lanes.queue(for: 0) === lanes.queue(for: 8))
    #expect(lanes.queue(for: 3) === lanes.queue(for: 19))
    #expect(Set((0..<20).map { ObjectIdentifier(lanes.queue(for: $0)) }).count == Lanes.count)
    // Fewer riders than lanes: a lane each, as with a queue each.
    let few = Lanes(riders: 3, probe: .waiting(.zero))
    #expect(Set((0..<3).map { ObjectIdentifier(few.queue(for: $0)) }).count == 3)
  }

  /// A probe that may hold a rider until another moves: a queue each, or a
  /// held rider would hold the one behind it on its lane.
  @Test func aProbeThatMayWaitForOthersGivesEveryRiderItsOwnQueue() {
    let probe = BlockingRaceProbe(pause: { _ in })
    #expect(probe.mayWaitForOthers)
    #expect(!BlockingRaceProbe.waiting(.microseconds(100)).mayWaitForOthers)
    let lanes = Lanes(riders: 20, probe: probe)
    #expect(lanes.queue(for: 0) !== lanes.queue(for: 8))
  }
}
