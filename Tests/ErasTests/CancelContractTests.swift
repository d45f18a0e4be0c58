import BikeShare
import TestSupport
import Testing

/// The cancel story (`--story cancel`) in every era: the explorer's counts
/// against an independent model (`CancelModel`), the stranded bike of the
/// racy rider and the safe rider's bike given back, replayed and drawn.
@Suite(.timeLimit(.minutes(3))) struct CancelContractTests {
  static let eras = Eras.all

  static func options(riders: Int) -> StageOptions { .story(.cancel, riders: riders) }

  /// Both modes, 1 to 4 riders: the model's counts, exactly.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func bothModesAreCountedAsTheModelCountsThem(era: EraUnderTest) async {
    await era.expectTheModelsCounts(.cancel, riders: 1...4, model: CancelModel.explore)
  }

  /// The lesson as counts: a racy rider called off with the bike strands
  /// it in some schedules; the safe one never does.
  @Test(arguments: eras)
  func racyStrandsTheBikeAndSafeNever(era: EraUnderTest) async {
    let racy = await Explorer.explore(era.era, mode: .racy, options: Self.options(riders: 2))
    let safe = await Explorer.explore(era.era, mode: .safe, options: Self.options(riders: 2))
    #expect(racy.forbidden > 0)
    #expect(safe.forbidden == 0)
  }

  /// The replay's own script: A takes the bike, X calls it off during the
  /// ride; racy A stops with the bike, safe A docks it back at Rossio.
  @Test(arguments: eras)
  func theReplayShowsTheStrandedBikeAndItsFix(era: EraUnderTest) async {
    let racy = await Replay.play(era.era, mode: .racy, options: Self.options(riders: 2))
    #expect(racy.failure == nil)
    #expect(
      racy.steps == [
        "A takes a bike at Rossio: free 0, empty 1", "X calls off A",
        "A stops, called off, holding the bike: stranded",
        "B finds no bike at Rossio and goes home",
      ])
    #expect(racy.expectation.isBad)
    let safe = await Replay.play(era.era, mode: .safe, options: Self.options(riders: 2))
    #expect(safe.failure == nil)
    #expect(
      Array(safe.steps.prefix(4)) == [
        "A takes a bike at Rossio: free 0, empty 1", "X calls off A",
        "A leaves a bike at Rossio: free 1, empty 0", "A stops, called off, holding nothing",
      ])
    #expect(!safe.expectation.isBad)
  }

  /// On the real runtime, with no gate: the safe rider never strands the
  /// bike, wherever X's call-off lands.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func theSafeRiderNeverStrandsTheBikeOnTheRealRuntime(era: EraUnderTest) async {
    var options = Self.options(riders: 2)
    options.runs = 300
    let tally = await Stress.run(era.era, mode: .safe, options: options)
    #expect(tally.runs == 300)
    #expect(tally.forbidden == 0)
  }

  /// Every forbidden example, played again, ends the same way.
  @Test(arguments: eras)
  func everyStrandedExampleReplaysToItsOutcome(era: EraUnderTest) async {
    let exploration = await Explorer.explore(
      era.era, mode: .racy, options: Self.options(riders: 3))
    for outcome in exploration.outcomes where outcome.expectation.isBad {
      var options = Self.options(riders: 3)
      options.schedule = outcome.example
      let run = await Replay.play(era.era, mode: .racy, options: options)
      #expect(run.failure == nil, "\(outcome.example)")
      #expect(run.result == outcome.result, "\(outcome.example)")
    }
  }

  /// The games of exercise 09-2: racy, A is called off with the bike and
  /// wins; safe, with three riders, the bike goes back and the game says how
  /// it ended (learner-rehearsal-6, P-6); and X, once done, is a rider who
  /// cannot go now, not "no rider X" (fuzz-6, finding 5).
  @Test(arguments: eras)
  func theGamesEndWithTheirOutcome(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let racy = try await bikes.running(
      ["play", "--story", "cancel"], input: "a\nx\nx\na\n", limit: 60)
    #expect(racy.printsLine("X cannot go now: it is done"))
    #expect(!racy.prints("there is no rider X"))
    #expect(racy.prints("You won: A stopped holding the bike: stranded"))
    let safe = try await bikes.running(
      ["play", "--story", "cancel", "--mode", "safe", "--riders", "3"],
      input: "a\nb\nc\nx\na\n", limit: 60)
    #expect(safe.prints("Result: nobody rode: the bike is at Rossio"), "\(safe.standardOutput)")
    #expect(safe.prints("No schedule can win in safe mode"))
  }

  /// A schedule the cancel story cannot play, or X in a story it is not in:
  /// one line on standard error, exit 2, in every era.
  @Test(arguments: eras)
  func aScheduleThatCannotBePlayedIsOneLine(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    for (arguments, message) in [
      (
        ["--story", "cancel", "--schedule", "X:cancel X:cancel"],
        "--schedule cannot be played: step 2 expects X:cancel, but it has finished"
      ),
      (
        ["--story", "cancel", "--schedule", "A:arrive X:cancel A:cancel"],
        "--schedule cannot be played: step 3 expects A:cancel, but it is at A:ride"
      ),
      (
        ["--story", "bike", "--schedule", "X:cancel"],
        "--schedule step 1 'X:cancel': the stage has riders A and B only"
      ),
    ] {
      let result = try await bikes.running(["replay", "--mode", "racy"] + arguments, limit: 30)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errorLines == ["\(era.info.executable): \(message)"], "\(arguments)")
    }
  }
}
