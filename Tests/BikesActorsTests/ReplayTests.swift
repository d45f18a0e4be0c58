import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite(.timeLimit(.minutes(3))) struct ActorsReplayTests {
  @Test(arguments: 1...20)
  func racyReplayAlwaysEndsAtMinusOneEmptySlot(round: Int) async {
    let outcome = await Replay.play(ActorsEra.self, mode: .racy)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
  }

  /// The half the chapter quotes (`racyTake`), as it runs it (`--story bike`).
  @Test(arguments: [Mode.racy, Mode.reentrant], 1...5)
  func racyReplayOfTheTakeHalfEndsAtMinusOneFreeBike(mode: Mode, round: Int) async {
    let run = await ReplaySteps.takeHalf(ActorsEra.self, mode)
    #expect(run.failure == nil)
    #expect(run.end == StationCounts(freeBikes: -1, emptySlots: 7))
    #expect(run.steps == ReplaySteps.racyTake)
  }

  /// The real reentrancy: both riders pass the check inside the station's
  /// own method while the other is suspended at its payment.
  @Test(arguments: 1...20)
  func reentrantReplayAlwaysEndsAtMinusOneEmptySlot(round: Int) async {
    let outcome = await Replay.play(ActorsEra.self, mode: .reentrant)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
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

  // NB: make `Station.leaveBike()` call `addBike()` without its guard and this fails.
  @Test(arguments: 1...20)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(round: Int) async {
    let outcome = await Replay.play(ActorsEra.self, mode: .safe)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.lowest.emptySlots == 0)
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }
}
