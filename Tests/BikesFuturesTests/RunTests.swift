import BikeShare
import TestSupport
import Testing

@testable import BikesFutures

@Suite(.timeLimit(.minutes(3))) struct FuturesRunTests {
  static func simulation(
    riders: Int, paths: Int, exclusive: FuturesExclusive = .condition,
    stations: [StationRecord] = [
      StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100)
    ]
  ) throws -> Simulation {
    var configuration = Configuration()
    configuration.riders = riders
    configuration.paths = paths
    configuration.stationCount = stations.count
    configuration.legMilliseconds = 0
    configuration.exclusive = exclusive
    let city = City(id: "t", name: "T", stations: stations)
    return Simulation(
      mode: .safe, configuration: configuration,
      selection: try Selection(city: city, configuration: configuration), log: .none)
  }

  /// Every way but the default, which the contract suite runs.
  @Test(arguments: FuturesExclusive.allCases.filter { $0 != Configuration().exclusive })
  func safeStressRunHasNoViolationAndConservesBikes(exclusive: FuturesExclusive) async throws {
    let report = try await Scenarios.safeStress(FuturesEra.self, riders: 200, exclusive: exclusive)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 200 * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test func moreRidersThanThreadsTakeTurns() async throws {
    let simulation = try Self.simulation(riders: 40, paths: 2)
    let outcome = await Future<RunOutcome, Never>.onNewThread {
      Run(simulation).ride(threadCap: 3)
    }.value
    #expect(outcome.riders.allSatisfy { $0.paths == 2 })
  }

  // NB: drop the `defer` that empties `onTheRoad` in `Run.ride` and this
  // fails at its time limit: the stop switch then keeps every rider alive.
  @Test(.timeLimit(.minutes(1)))
  func ridersAreReleasedWhenTheRunEnds() async throws {
    let simulation = try Self.simulation(riders: 20, paths: 2)
    let released = Released()
    do {
      let run = Run(simulation, onRelease: released.one)
      let outcome = await Future<RunOutcome, Never>.onNewThread { run.ride() }.value
      #expect(outcome.riders.reduce(0) { $0 + $1.paths } == 40)
    }
    // The run is out of scope: every rider, and every future that held one, must go.
    await released.all(20)
    #expect(released.count == 20)
  }
}
