import BikeShare
import TestSupport
import Testing

/// The original project's scenarios (`Scenarios`), run through each era's
/// own `simulate` with its default fix; an era's other fixes are its own
/// tests. A failure names the era.
@Suite(.timeLimit(.minutes(3))) struct RunContractTests {
  @Test(arguments: Eras.all)
  func safeStressRunHasNoViolationAndConservesBikes(era: EraUnderTest) async throws {
    let report = try await Scenarios.safeStress(era.era, riders: era.stressRiders)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == era.stressRiders * 3)
    #expect(report.waitingLegs > 0)
  }

  @Test(arguments: Eras.all, Mode.both)
  func oneStationWithMoreBikesThanRidersMeansNoWaiting(era: EraUnderTest, mode: Mode)
    async throws
  {
    let report = try await Scenarios.plentyOfBikes(era.era, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths == 8 * 5)
    #expect(report.violations.isEmpty)
  }

  // The starting line: every rider waits at the station before the first
  // turn, so the third in line always finds the two bikes gone. Each era
  // uses the probe of its kind (an async one in the actors era, a blocking
  // one elsewhere) and never the other.
  @Test(.timeLimit(.minutes(1)), arguments: Eras.all, Mode.both)
  func moreRidersThanBikesMeansWaiting(era: EraUnderTest, mode: Mode) async throws {
    let report = try await Scenarios.moreRidersThanBikes(
      era.era, mode, probe: TurnTaking(startingLine: 10).probe,
      blockingProbe: BlockingTurnTaking(startingLine: 10).probe)
    #expect(report.waitingLegs > 0)
    #expect(report.paths == 10 * 3)
    #expect(report.conserved)
  }

  @Test(arguments: Eras.all, Mode.both)
  func aGoalEndsRidersEarly(era: EraUnderTest, mode: Mode) async throws {
    let report = try await Scenarios.goalB(era.era, mode)
    #expect(report.waitingLegs == 0)
    #expect(report.paths < 10 * 10)
    #expect(report.goalReached == 10)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Eras.all)
  func stoppingEndsEveryRiderAndKeepsTheBikes(era: EraUnderTest) async throws {
    let report = try await Scenarios.stoppedAtTheThirdArrival(era.era)
    #expect(report.interrupted)
    #expect(report.paths < 5 * 10)
    #expect(report.conserved)
  }
}
