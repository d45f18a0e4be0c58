import BikeShare
import TestSupport
import Testing

/// Chapter 09's rule in the wait story, in every era: a rider called off
/// while it waits leaves the line, and a bike handed to it at that moment
/// passes to the next rider. X (the app) calls off A at the moment each
/// schedule chooses (`Story.waitCallOff`, the tests' variant of the story);
/// a rider handed the bike parks at `ride` before it reads its call-off, and
/// one woken to look again reads it as it looks.
@Suite(.timeLimit(.minutes(3))) struct WaitCallOffTests {
  static let eras = Eras.all

  static func replay(
    _ era: EraUnderTest, _ mode: Mode, riders: Int, _ schedule: String
  ) async throws -> StageRun {
    var options = StageOptions.story(.waitCallOff, riders: riders)
    options.schedule = try Schedule.parse(schedule, riders: riders, story: .waitCallOff)
    return await Replay.play(era.era, mode: mode, options: options)
  }

  /// Racy: A sleeps in the line, X calls it off: it leaves the line, and
  /// the bike V docks after stays free; nobody sleeps at the end.
  @Test(arguments: eras)
  func aRiderCalledOffInTheLineLeavesIt(era: EraUnderTest) async throws {
    let racy = try await Self.replay(era, .racy, riders: 1, "A:look A:wait X:cancel V:dock")
    #expect(racy.failure == nil)
    #expect(
      racy.steps == [
        "A looks at Rossio: no free bike", "A joins Rossio's line and sleeps", "X calls off A",
        "A stops, called off, holding nothing", "V leaves a bike at Rossio: free 1, empty 2",
      ])
    #expect(racy.result.sleepers.isEmpty && racy.result.stopped == [0])
    #expect(racy.expectation == .acceptable)
    let safe = try await Self.replay(
      era, .safe, riders: 2, "A:look B:look X:cancel V:dock B:ride V:dock")
    #expect(safe.failure == nil)
    #expect(
      safe.steps == [
        "A joins Rossio's line and sleeps", "B joins Rossio's line and sleeps", "X calls off A",
        "A stops, called off, holding nothing", "B is handed the bike in Rossio's line",
        "V leaves a bike at Rossio: free 1, empty 2",
      ])
    #expect(safe.result.served == 1 && safe.result.stopped == [0])
    #expect(safe.expectation == .acceptable)
    // Racy: woken by a dock, then called off before it looks again: it
    // reads the call-off as it looks, and the docked bike stays free.
    let woken = try await Self.replay(era, .racy, riders: 1, "A:look A:wait V:dock X:cancel A:look")
    #expect(woken.failure == nil)
    #expect(
      woken.steps.suffix(3) == [
        "A is woken at Rossio and looks again", "X calls off A",
        "A stops, called off, holding nothing",
      ])
    #expect(woken.result.stopped == [0] && woken.result.end.freeBikes == 1)
    #expect(woken.expectation == .acceptable)
  }

  /// Safe: V hands A the bike, X calls A off before A reads it: A gives
  /// the bike back, to B next in the line (or, alone, into a dock).
  @Test(arguments: eras)
  func aBikeHandedAtTheMomentOfTheCallOffPassesToTheNextRider(era: EraUnderTest) async throws {
    let two = try await Self.replay(
      era, .safe, riders: 2, "A:look B:look V:dock X:cancel A:ride V:dock B:ride")
    #expect(two.failure == nil)
    #expect(
      two.steps == [
        "A joins Rossio's line and sleeps", "B joins Rossio's line and sleeps",
        "A is handed the bike in Rossio's line", "X calls off A",
        "A, called off, gives back the bike at Rossio", "B is handed the bike in Rossio's line",
        "A stops, called off, holding nothing", "V leaves a bike at Rossio: free 1, empty 2",
      ])
    #expect(two.result.served == 1 && two.result.stopped == [0] && two.result.sleepers.isEmpty)
    #expect(two.expectation == .acceptable)
    let one = try await Self.replay(era, .safe, riders: 1, "A:look V:dock X:cancel A:ride")
    #expect(one.failure == nil)
    #expect(
      one.steps == [
        "A joins Rossio's line and sleeps", "A is handed the bike in Rossio's line",
        "X calls off A", "A, called off, gives back the bike at Rossio",
        "A leaves a bike at Rossio: free 1, empty 2", "A stops, called off, holding nothing",
      ])
    #expect(one.result.served == 0 && one.expectation == .acceptable)
  }

  /// Every schedule, X at every moment: safe never leaves a rider asleep
  /// or a bike lost, and every era counts the same schedules as callbacks.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func everyMomentOfTheCallOffIsExploredAlike(era: EraUnderTest) async {
    let options = StageOptions.story(.waitCallOff, riders: 2)
    let safe = await Explorer.explore(era.era, mode: .safe, options: options)
    #expect(safe.failures.isEmpty)
    #expect(safe.forbidden == 0)
    let reference = await Explorer.explore(Eras.catalogue[0].era, mode: .safe, options: options)
    #expect(safe.schedules == reference.schedules)
    #expect(safe.outcomes.map(\.description) == reference.outcomes.map(\.description))
    #expect(safe.outcomes.map(\.schedules) == reference.outcomes.map(\.schedules))
  }

  /// On the real runtime, X at whatever moment the threads give it: safe
  /// never leaves a rider asleep or a bike lost, and no run hangs.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func theRealRuntimeKeepsTheRule(era: EraUnderTest) async {
    var options = StageOptions.story(.waitCallOff, riders: 3)
    options.runs = 300
    let safe = await Stress.run(era.era, mode: .safe, options: options)
    #expect(safe.runs == 300 && safe.forbidden == 0 && safe.hung == 0)
  }
}
