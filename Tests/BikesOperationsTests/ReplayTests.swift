import BikeShare
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BikesOperations

@Suite(.timeLimit(.minutes(3))) struct OperationsReplayTests {
  @Test(arguments: 1...20)
  func racyReplayAlwaysEndsAtMinusOneEmptySlot(round: Int) async {
    let outcome = await Replay.play(OperationsEra.self, mode: .racy)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
  }

  /// The half the chapter quotes (`racyTake`), as it runs it (`--story bike`).
  @Test(arguments: [Mode.racy], 1...5)
  func racyReplayOfTheTakeHalfEndsAtMinusOneFreeBike(mode: Mode, round: Int) async {
    let run = await ReplaySteps.takeHalf(OperationsEra.self, mode)
    #expect(run.failure == nil)
    #expect(run.end == StationCounts(freeBikes: -1, emptySlots: 7))
    #expect(run.steps == ReplaySteps.racyTake)
  }

  // NB: make `Station.leaveBike()` skip its `emptySlots > 0` test and this fails.
  @Test(arguments: 1...20)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(round: Int) async {
    let outcome = await Replay.play(OperationsEra.self, mode: .safe)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }
}
