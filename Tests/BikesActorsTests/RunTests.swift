import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite(.timeLimit(.minutes(3))) struct ActorsRunTests {
  @Test(arguments: ActorsFix.allCases)
  func safeStressRunHasNoViolationAndConservesBikes(fix: ActorsFix) async throws {
    let report = try await Scenarios.safeStress(ActorsEra.self, fix: fix)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 400 * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    let report = try await Scenarios.plentyOfBikes(ActorsEra.self, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    // The starting line: every rider waits at the station before the first
    // turn, so the third in line always finds the two bikes gone.
    let report = try await Scenarios.moreRidersThanBikes(
      ActorsEra.self, mode, probe: TurnTaking(startingLine: 10).probe)
    #expect(report.waitingLegs > 0)
    #expect(report.paths == 10 * 3)
    #expect(report.conserved)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    let report = try await Scenarios.goalB(ActorsEra.self, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    let report = try await Scenarios.stoppedAtTheThirdArrival(ActorsEra.self)
    #expect(report.interrupted)
    #expect(report.paths < 5 * 10)
    #expect(report.conserved)
  }
}
