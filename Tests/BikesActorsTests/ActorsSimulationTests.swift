import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite struct ActorsSimulationTests {
  @Test func safeStressRunHasNoViolationAndConservesBikes() async throws {
    try await Scenarios.safeStressRunHasNoViolationAndConservesBikes(ActorsEra.self)
  }

  @Test(arguments: Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(mode: Mode) async throws {
    try await Scenarios.oneStationWithMoreBikesThanRidersMeansNoWaiting(ActorsEra.self, mode)
  }

  @Test(arguments: Mode.both)
  func moreRidersThanBikesMeansWaiting(mode: Mode) async throws {
    try await Scenarios.moreRidersThanBikesMeansWaiting(
      ActorsEra.self, mode, probe: TurnTaking().probe)
  }

  @Test(arguments: Mode.both)
  func aGoalEndsRidersEarly(mode: Mode) async throws {
    try await Scenarios.aGoalEndsRidersEarly(ActorsEra.self, mode)
  }

  @Test(.timeLimit(.minutes(1)))
  func stoppingEndsEveryRiderAndKeepsTheBikes() async throws {
    try await Scenarios.stoppingEndsEveryRiderAndKeepsTheBikes(ActorsEra.self)
  }
}
