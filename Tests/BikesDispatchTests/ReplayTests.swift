import Foundation
import TestSupport
import Testing

@testable import BikeShare
@testable import BikesDispatch

/// Plays the replay stage with a given lock (`bikes-dispatch replay` uses the default).
func replay(_ mode: Mode, lock: LockKind) async -> Replay.Outcome {
  var configuration = Configuration()
  configuration.lock = lock
  return await Replay.play(DispatchEra.self, mode: mode, configuration: configuration)
}

/// Every lock but the default (which `ErasTests/StageContractTests` plays),
/// and the era's own mode.
@Suite(.timeLimit(.minutes(3))) struct DispatchReplayTests {
  static let otherLocks = LockKind.allCases.filter { $0 != Configuration().lock }

  @Test(arguments: otherLocks, 1...5)
  func racyReplayAlwaysEndsAtMinusOneEmptySlot(lock: LockKind, round: Int) async {
    let outcome = await replay(.racy, lock: lock)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
  }

  // NB: make `leaveBike()` in `Locks/Counters.swift` skip its test and every lock fails.
  @Test(arguments: otherLocks, 1...5)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(lock: LockKind, round: Int) async {
    let outcome = await replay(.safe, lock: lock)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }

  @Test(arguments: 1...5)
  func unsynchronizedWritesLoseAnUpdate(round: Int) async {
    // Same script as racy, but the window is inside the unprotected update:
    // A has read (5, 1) when B writes (6, 0); A then writes (6, 0) too.
    let outcome = await replay(.unsynchronized, lock: .mutex)
    #expect(outcome.failure == nil)
    // Two bikes were docked; the counters show one.
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.steps.last == "A leaves a bike at Rossio: free 6, empty 0")
  }

  /// Chapter 03's diagram: the same schedule on the take half.
  @Test(arguments: 1...5)
  func unsynchronizedTakesLoseAnUpdateToo(round: Int) async throws {
    let schedule = try Schedule.parse("A:arrive B:arrive B:window A:window", riders: 2)
    let run = await Explorations.replay(
      DispatchEra.self, .unsynchronized, schedule, story: .bike, riders: 2)
    #expect(run.failure == nil)
    // Two bikes left the dock; the counters show one.
    #expect(run.end == StationCounts(freeBikes: 0, emptySlots: 6))
    #expect(run.steps.last == "A takes a bike at Rossio: free 0, empty 6")
  }
}
