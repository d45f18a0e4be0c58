import BikeShare
import TestSupport
import Testing

@testable import BikesDispatch

@Suite(.timeLimit(.minutes(3))) struct DispatchRunTests {
  @Test(arguments: LockKind.allCases)
  func safeStressRunHasNoViolationAndConservesBikes(lock: LockKind) async throws {
    let report = try await Scenarios.safeStress(DispatchEra.self, riders: 200, lock: lock)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 200 * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    let report = try await Scenarios.plentyOfBikes(DispatchEra.self, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    let report = try await Scenarios.moreRidersThanBikes(
      DispatchEra.self, mode, blockingProbe: BlockingTurnTaking(startingLine: 10).probe)
    #expect(report.waitingLegs > 0)
    #expect(report.paths == 10 * 3)
    #expect(report.conserved)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    let report = try await Scenarios.goalB(DispatchEra.self, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    let report = try await Scenarios.stoppedAtTheThirdArrival(DispatchEra.self)
    #expect(report.interrupted)
    #expect(report.paths < 5 * 10)
    #expect(report.conserved)
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
