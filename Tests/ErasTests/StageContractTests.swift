import BikeShare
import TestSupport
import Testing

/// The stage in every era: the same schedules exist in each, so the
/// explorer's counts (`Explorations`) and the replay's steps (`ReplaySteps`)
/// are pinned once and must hold in each era's own code. A failure names
/// the era.
@Suite(.timeLimit(.minutes(3))) struct StageContractTests {
  @Test(.timeLimit(.minutes(1)), arguments: Eras.all, Explorations.racy)
  func racySchedulesAreCountedAsInEveryEra(era: EraUnderTest, count: Explorations.Count) async {
    let exploration = await Explorations.explore(era.era, .racy, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == count.forbidden, "\(count)")
    #expect(exploration.failures.isEmpty)
    #expect(exploration.unsteady.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Eras.all, Explorations.safe)
  func safeHasNoForbiddenSchedule(era: EraUnderTest, count: Explorations.Count) async {
    let exploration = await Explorations.explore(era.era, .safe, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == 0, "\(count)")
    #expect(exploration.outcomes.count == 1)
    #expect(exploration.failures.isEmpty)
  }

  /// The example printed for a forbidden outcome replays to that outcome.
  @Test(.timeLimit(.minutes(1)), arguments: Eras.all, Story.oneStation)
  func everyForbiddenExampleReplaysToItsOutcome(era: EraUnderTest, story: Story) async throws {
    let count = try #require(Explorations.racy.first { $0.story == story && $0.riders == 3 })
    let exploration = await Explorations.explore(era.era, .racy, count)
    #expect(exploration.outcomes.contains { $0.forbidden })
    for outcome in exploration.outcomes where outcome.forbidden {
      let run = await Explorations.replay(
        era.era, .racy, outcome.example, story: story, riders: 3)
      #expect(run.failure == nil)
      #expect(run.result == outcome.result, "\(outcome.example)")
      #expect(run.switches == outcome.exampleSwitches)
    }
  }

  // Twenty rounds each: the scripted gate must give the same steps every
  // time, whatever the threads do.
  @Test(arguments: Eras.all, 1...20)
  func racyReplayAlwaysEndsAtMinusOneEmptySlot(era: EraUnderTest, round: Int) async {
    let outcome = await Replay.play(era.era, mode: .racy)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
  }

  /// The half the chapters quote (`racyTake`), as they run it (`--story bike`).
  @Test(arguments: Eras.all, 1...5)
  func racyReplayOfTheTakeHalfEndsAtMinusOneFreeBike(era: EraUnderTest, round: Int) async {
    let run = await ReplaySteps.takeHalf(era.era, .racy)
    #expect(run.failure == nil)
    #expect(run.end == StationCounts(freeBikes: -1, emptySlots: 7))
    #expect(run.steps == ReplaySteps.racyTake)
  }

  // NB: make an era's safe `leaveBike` skip its test (callbacks:
  // `Station.leaveBike(on:completion:)`) and this fails for that era.
  // Twenty rounds, because a replay must be the same every time; only the
  // first round that differs is reported, so a broken fix gives a learner
  // four lines, not eighty.
  @Test(arguments: Eras.all)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(era: EraUnderTest) async {
    for round in 1...20 {
      let outcome = await Replay.play(era.era, mode: .safe)
      let end = StationCounts(freeBikes: 6, emptySlots: 0)
      if outcome.failure == nil, outcome.end == end, outcome.lowest.emptySlots == 0,
        outcome.violations.isEmpty, outcome.steps == ReplaySteps.safe
      {
        continue
      }
      #expect(outcome.failure == nil, "round \(round) of 20")
      #expect(outcome.end == end, "round \(round) of 20")
      #expect(outcome.lowest.emptySlots == 0, "round \(round) of 20")
      #expect(outcome.violations.isEmpty, "round \(round) of 20")
      #expect(outcome.steps == ReplaySteps.safe, "round \(round) of 20")
      return
    }
  }
}
