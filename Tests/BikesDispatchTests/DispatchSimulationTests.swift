import BikeShare
import TestSupport
import Testing

@testable import BikesDispatch

@Suite struct DispatchSimulationTests {
  static let scarce = [
    StationRecord(id: "a", name: "A", freeBikes: 3, emptySlots: 1),
    StationRecord(id: "b", name: "B", freeBikes: 1, emptySlots: 2),
  ]

  @Test(arguments: LockKind.allCases)
  func safeStressRunHasNoViolationAndConservesBikes(lock: LockKind) async throws {
    let report = try await simulate(
      DispatchEra.self, .safe, stations: Self.scarce, riders: 200, paths: 3, lock: lock)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 200 * 3)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    let report = try await simulate(
      DispatchEra.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 20, emptySlots: 20)], riders: 8,
      paths: 5)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  @Test(arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    let report = try await simulate(
      DispatchEra.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 10,
      paths: 3, blockingProbe: BlockingTurnTaking(startingLine: 10).probe)
    #expect(report.waitingLegs > 0)
    #expect(report.paths == 10 * 3)
    #expect(report.conserved)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    let stations = [
      StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100),
      StationRecord(id: "b", name: "B", freeBikes: 100, emptySlots: 100),
    ]
    let report = try await simulate(
      DispatchEra.self, mode, stations: stations, riders: 10, paths: 10, goal: "B")
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    // Legs of a minute: only the stop can end this run within the time limit.
    let stop = StopSwitch()
    let arrivals = Arrivals(stopAfter: 3, stop: stop)
    let report = try await simulate(
      DispatchEra.self, .safe,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 5,
      legMilliseconds: 60_000, stop: stop,
      blockingProbe: BlockingRaceProbe(pause: { _ in arrivals.arrived() }))
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
