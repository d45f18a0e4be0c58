import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite struct ActorsSimulationTests {
  @Test func safeStressRunHasNoViolationAndConservesBikes() async throws {
    let report = try await simulate(
      ActorsEra.self, .safe,
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
      ActorsEra.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 20, emptySlots: 20)],
      riders: 8, paths: 5)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  @Test(arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    // Visits one at a time: in racy mode a lucky interleaving could otherwise
    // let every rider see a bike that another was about to take.
    let report = try await simulate(
      ActorsEra.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)],
      riders: 10, paths: 3, probe: TurnTaking().probe)
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
      ActorsEra.self, mode, stations: stations, riders: 10, paths: 10, goal: "B")
    // With 100 bikes and 100 slots per station, 10 riders can never empty or
    // fill one, so nobody waits and each rider's picks (fixed by the seed)
    // decide alone where its goal is reached.
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    // Legs of a minute: only cancellation can end this run within the time limit.
    let stop = StopSwitch()
    let arrivals = Arrivals(stopAfter: 3, stop: stop)
    let simulation = Task {
      try await simulate(
        ActorsEra.self, .safe,
        stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)],
        riders: 5, legMilliseconds: 60_000, stop: stop,
        probe: RaceProbe(pause: { _ in arrivals.arrived() }))
    }
    stop.onStop { simulation.cancel() }
    let report = try await simulation.value
    #expect(report.interrupted)
    #expect(report.paths < 5 * 10)
    #expect(report.conserved)
  }
}
