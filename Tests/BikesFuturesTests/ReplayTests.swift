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

/// The other fix (the default is played by `ErasTests/StageContractTests`).
@Suite(.timeLimit(.minutes(3))) struct FuturesReplayTests {
  @Test(arguments: [FuturesExclusive.station], 1...5)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(exclusive: FuturesExclusive, round: Int) async {
    let outcome = await replay(.safe, exclusive: exclusive)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }
}
