import BikeShare
import TestSupport
import Testing

/// The wait story (`--story wait`) in every era: the explorer's counts
/// against an independent model (`WaitModel`), the lost wake-up replayed
/// and its fix, the step the safe mode cannot take, and the real runtime,
/// where a sleeper ends the run instead of hanging it.
@Suite(.timeLimit(.minutes(3))) struct WaitContractTests {
  static let eras = Eras.all

  static func options(riders: Int) -> StageOptions { .story(.wait, riders: riders) }

  /// Both modes, 1 and 2 riders, and safe with 3: the model's counts,
  /// exactly. (Racy with 3, 22,476 schedules an era, is measured by
  /// `Scripts/bench.sh --parts explore`, not timed here.)
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func bothModesAreCountedAsTheModelCountsThem(era: EraUnderTest) async {
    await era.expectTheModelsCounts(.wait, riders: 1...2, model: WaitModel.explore)
    var options = Self.options(riders: 3)
    options.modes = [.safe]
    let safe = await Explorer.explore(era.era, mode: .safe, options: options)
    #expect(safe.schedules == WaitModel.explore(.safe, riders: 3).schedules)
    #expect(safe.forbidden == 0 && safe.failures.isEmpty)
  }

  /// The replay's own script with one rider: racy, the dock comes between
  /// A's look and its wait, and A sleeps beside the bike; safe, A joins the
  /// line as it looks and the dock hands it the bike.
  @Test(arguments: eras)
  func theReplayShowsTheLostWakeUpAndItsFix(era: EraUnderTest) async {
    let racy = await Replay.play(era.era, mode: .racy, options: Self.options(riders: 1))
    #expect(racy.failure == nil)
    #expect(
      racy.steps == [
        "A looks at Rossio: no free bike", "V leaves a bike at Rossio: free 1, empty 2",
        "A joins Rossio's line and sleeps", "A sleeps for ever at Rossio, beside 1 free bike",
      ])
    #expect(racy.expectation == .forbidden)
    #expect(racy.result.sleepers == [0])
    let safe = await Replay.play(era.era, mode: .safe, options: Self.options(riders: 1))
    #expect(safe.failure == nil)
    #expect(
      safe.steps == [
        "A joins Rossio's line and sleeps", "A is handed the bike in Rossio's line",
      ])
    #expect(safe.expectation == .acceptable)
  }

  /// Safe mode has no `wait` step: the rider looks and joins in one.
  @Test(arguments: eras)
  func safeRefusesAWaitStep(era: EraUnderTest) async throws {
    var options = Self.options(riders: 1)
    options.schedule = try Schedule.parse("A:look A:wait", riders: 1, story: .wait)
    let run = await Replay.play(era.era, mode: .safe, options: options)
    #expect(run.failure == "step 2 expects A:wait, but it sleeps in the line")
  }

  /// On the real runtime, with no gate: racy loses wake-ups in some runs
  /// and every run ends (a sleeper is called off, not waited for); safe
  /// leaves nobody asleep, run after run.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func theRealRuntimeEndsEveryRunAndSafeLeavesNobodyAsleep(era: EraUnderTest) async {
    var options = Self.options(riders: 3)
    options.runs = 300
    let safe = await Stress.run(era.era, mode: .safe, options: options)
    #expect(safe.runs == 300 && safe.forbidden == 0 && safe.hung == 0)
    // Every rider that waited was handed its bike: nobody woken, nothing taken first.
    let line = safe.line ?? LineTimes()
    #expect(line.handed == line.waits.count && line.woken == 0 && line.taken == 0)
    #expect(Stress.json(safe, era: era.name).contains("\"line\":{"))
    let racy = await Stress.run(era.era, mode: .racy, options: options)
    #expect(racy.runs == 300 && racy.hung == 0)
  }
}
