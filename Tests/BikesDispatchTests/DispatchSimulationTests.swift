import BikeShare
import TestSupport
import Testing

@testable import BikesDispatch

@Suite struct DispatchSimulationTests {
  @Test(arguments: LockKind.allCases)
  func safeStressRunHasNoViolationAndConservesBikes(lock: LockKind) async throws {
    try await Scenarios.safeStressRunHasNoViolationAndConservesBikes(
      DispatchEra.self, riders: 200, lock: lock)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    try await Scenarios.oneStationWithMoreBikesThanRidersMeansNoWaiting(DispatchEra.self, mode)
  }

  @Test(arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    try await Scenarios.moreRidersThanBikesMeansWaiting(
      DispatchEra.self, mode, blockingProbe: BlockingTurnTaking(startingLine: 10).probe)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    try await Scenarios.aGoalEndsRidersEarly(DispatchEra.self, mode)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    try await Scenarios.stoppingEndsEveryRiderAndKeepsTheBikes(DispatchEra.self)
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

  @Test func unsynchronizedRidersGiveUpWhenNoBikeIsLeft() {
    // Lost updates can leave stations that show no bike at all; here one does from the start.
    let record = StationRecord(id: "a", name: "A", freeBikes: 0, emptySlots: 2)
    let station = Station(record, audit: StationAudit(record), mode: .unsynchronized, lock: .mutex)
    let rider = Rider(
      index: 0, stations: [station], mode: .unsynchronized, probe: .waiting(.zero), log: .none)
    let journey = Journey(rider: 0, seed: 1, stationCount: 1, paths: 1, goal: nil)
    let (result, gaveUp) = rider.ride(journey, nap: { false })
    #expect(gaveUp)
    #expect(result.waitingLegs == Rider.giveUpAfter)
    #expect(result.paths == 0)
  }
}
