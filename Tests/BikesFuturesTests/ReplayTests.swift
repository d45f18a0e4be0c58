import BikeShare
import TestSupport
import Testing

@testable import BikesFutures

/// Plays the replay stage with a given fix (`bikes-futures replay` uses the default).
func replay(_ mode: Mode, exclusive: FuturesExclusive) async -> Replay.Outcome {
  var configuration = Configuration()
  configuration.exclusive = exclusive
  return await Replay.play(FuturesEra.self, mode: mode, configuration: configuration)
}

@Suite(.timeLimit(.minutes(3))) struct FuturesReplayTests {
  @Test(arguments: 1...5)
  func racyReplayAlwaysEndsAtMinusOneEmptySlot(round: Int) async {
    let outcome = await replay(.racy, exclusive: .condition)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
  }

  /// The half the chapter quotes (`racyTake`), as it runs it (`--story bike`).
  @Test(arguments: [Mode.racy], 1...5)
  func racyReplayOfTheTakeHalfEndsAtMinusOneFreeBike(mode: Mode, round: Int) async {
    let run = await ReplaySteps.takeHalf(FuturesEra.self, mode)
    #expect(run.failure == nil)
    #expect(run.end == StationCounts(freeBikes: -1, emptySlots: 7))
    #expect(run.steps == ReplaySteps.racyTake)
  }

  @Test(arguments: FuturesExclusive.allCases, 1...5)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(exclusive: FuturesExclusive, round: Int) async {
    let outcome = await replay(.safe, exclusive: exclusive)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }
}
