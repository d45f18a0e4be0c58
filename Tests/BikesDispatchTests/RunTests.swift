import BikeShare
import TestSupport
import Testing

@testable import BikesDispatch

@Suite(.timeLimit(.minutes(3))) struct DispatchRunTests {
  /// Every lock but the default, which the contract suite runs.
  @Test(arguments: LockKind.allCases.filter { $0 != Configuration().lock })
  func safeStressRunHasNoViolationAndConservesBikes(lock: LockKind) async throws {
    let report = try await Scenarios.safeStress(DispatchEra.self, riders: 200, lock: lock)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 200 * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test func moreRidersThanThreadsTakeTurns() throws {
    var configuration = Configuration()
    configuration.riders = 40
    configuration.paths = 2
    configuration.stationCount = 1
    configuration.legMilliseconds = 0
    let city = City(
      id: "t", name: "T",
      stations: [
        StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100)
      ])
    let simulation = Simulation(
      mode: .safe, configuration: configuration,
      selection: try Selection(city: city, configuration: configuration), log: .none)
    let outcome = Run.ride(simulation, threadCap: 3)
    #expect(outcome.riders.allSatisfy { $0.paths == 2 })
  }
}
