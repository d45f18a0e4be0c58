import BikeShare
import Synchronization
import TestSupport
import Testing

@testable import BikesCallbacks

@Suite(.timeLimit(.minutes(3))) struct CallbacksRunTests {
  @Test func safeStressRunHasNoViolationAndConservesBikes() async throws {
    let report = try await Scenarios.safeStress(CallbacksEra.self)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 400 * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    let report = try await Scenarios.plentyOfBikes(CallbacksEra.self, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    // The starting line: every rider waits at the station before the first
    // turn, so the third in line always finds the two bikes gone.
    let report = try await Scenarios.moreRidersThanBikes(
      CallbacksEra.self, mode, blockingProbe: BlockingTurnTaking(startingLine: 10).probe)
    #expect(report.waitingLegs > 0)
    #expect(report.paths == 10 * 3)
    #expect(report.conserved)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    let report = try await Scenarios.goalB(CallbacksEra.self, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    let report = try await Scenarios.stoppedAtTheThirdArrival(CallbacksEra.self)
    #expect(report.interrupted)
    #expect(report.paths < 5 * 10)
    #expect(report.conserved)
  }

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
