import BikeShare
import Synchronization
import TestSupport
import Testing

@testable import BikesCallbacks

@Suite struct CallbacksSimulationTests {
  @Test func safeStressRunHasNoViolationAndConservesBikes() async throws {
    let report = try await simulate(
      CallbacksEra.self, .safe,
      stations: [
        StationRecord(id: "a", name: "A", freeBikes: 3, emptySlots: 1),
        StationRecord(id: "b", name: "B", freeBikes: 1, emptySlots: 2),
      ], riders: 400, paths: 3)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 400 * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    let report = try await simulate(
      CallbacksEra.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 20, emptySlots: 20)], riders: 8,
      paths: 5)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  @Test(arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    // Visits one at a time, so a lucky interleaving cannot hide the waiting.
    let report = try await simulate(
      CallbacksEra.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 10,
      paths: 3, blockingProbe: BlockingTurnTaking().probe)
    #expect(report.waitingLegs > 0)
    #expect(report.paths == 10 * 3)
    #expect(report.conserved)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    // 100 bikes and 100 slots per station: 10 riders never wait, so each
    // rider's seeded picks alone decide where it reaches its goal.
    let stations = [
      StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100),
      StationRecord(id: "b", name: "B", freeBikes: 100, emptySlots: 100),
    ]
    let report = try await simulate(
      CallbacksEra.self, mode, stations: stations, riders: 10, paths: 10, goal: "B")
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    // Legs of a minute: only `stop()` can end this run within the time limit.
    let stop = StopSwitch()
    let arrivals = Arrivals(stopAfter: 3, stop: stop)
    let report = try await simulate(
      CallbacksEra.self, .safe,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 5,
      legMilliseconds: 60_000, stop: stop,
      blockingProbe: BlockingRaceProbe(pause: { _ in arrivals.arrived() }))
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
