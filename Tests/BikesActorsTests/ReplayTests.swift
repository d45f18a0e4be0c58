import BikeShare
import TestSupport
import Testing

@testable import BikesActors

/// The era's own mode and fixes (racy and the default fix are played by
/// `ErasTests/StageContractTests`).
@Suite(.timeLimit(.minutes(3))) struct ActorsReplayTests {
  /// The take half (`--story bike`) in the reentrant station: the racy steps,
  /// and each rider's payment between its check and its act.
  @Test(arguments: 1...5)
  func reentrantReplayOfTheTakeHalfEndsAtMinusOneFreeBike(round: Int) async {
    let run = await ReplaySteps.takeHalf(ActorsEra.self, .reentrant)
    #expect(run.failure == nil)
    #expect(run.end == StationCounts(freeBikes: -1, emptySlots: 7))
    #expect(run.steps == ReplaySteps.reentrantTake)
  }

  /// The real reentrancy: both riders pass the check inside the station's
  /// own method while the other is suspended at its payment.
  @Test(arguments: 1...20)
  func reentrantReplayAlwaysEndsAtMinusOneEmptySlot(round: Int) async {
    let outcome = await Replay.play(ActorsEra.self, mode: .reentrant)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.reentrant)
  }

  @Test(arguments: ActorsFix.allCases)
  func everyFixTurnsBAway(fix: ActorsFix) async {
    var configuration = Configuration()
    configuration.fix = fix
    let outcome = await Replay.play(ActorsEra.self, mode: .safe, configuration: configuration)
    #expect(outcome.failure == nil)
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }
}
