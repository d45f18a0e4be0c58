import BikeShare
import TestSupport
import Testing

/// The order story (`--story order`) in every era: the explorer's counts
/// against an independent model (`OrderModel`), the racy overtaking replayed
/// and drawn, the safe order kept by the era's own tool (the gate fails a
/// run whose request reaches Rossio out of turn), and the schedules the
/// story refuses.
@Suite(.timeLimit(.minutes(3))) struct OrderContractTests {
  static let eras = Eras.all

  static func options(riders: Int) -> StageOptions { .story(.order, riders: riders) }

  /// Both modes, 1 to 4 riders: the model's counts, exactly; and safe
  /// without a failure, which a request that got past the era's tool for
  /// order would be.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func bothModesAreCountedAsTheModelCountsThem(era: EraUnderTest) async {
    await era.expectTheModelsCounts(.order, riders: 1...4, model: OrderModel.explore)
  }

  /// The replay's own script: the app asks for A, then B; racy B's request
  /// reaches Rossio first and gets the bike, safe A's does.
  @Test(arguments: eras)
  func theReplayShowsTheOvertakingAndItsFix(era: EraUnderTest) async {
    let racy = await Replay.play(era.era, mode: .racy, options: Self.options(riders: 2))
    #expect(racy.failure == nil)
    #expect(
      racy.steps == [
        "the app sends A's request to Rossio", "the app sends B's request to Rossio",
        "B takes a bike at Rossio: free 0, empty 1", "A finds no bike at Rossio and goes home",
      ])
    #expect(racy.expectation == .forbidden)
    #expect(
      racy.result.description(.order, riders: 2).hasPrefix("B got the bike, though A asked first"))
    let safe = await Replay.play(era.era, mode: .safe, options: Self.options(riders: 2))
    #expect(safe.failure == nil)
    #expect(
      safe.steps == [
        "the app sends A's request to Rossio", "the app sends B's request to Rossio",
        "A takes a bike at Rossio: free 0, empty 1", "B finds no bike at Rossio and goes home",
      ])
    #expect(safe.expectation == .acceptable)
  }

  /// Every forbidden example, played again, ends the same way: a later
  /// asker got the bike.
  @Test(arguments: eras)
  func everyForbiddenExampleReplaysToItsOutcome(era: EraUnderTest) async {
    let exploration = await Explorer.explore(
      era.era, mode: .racy, options: Self.options(riders: 4))
    let forbidden = exploration.outcomes.filter { $0.expectation == .forbidden }
    #expect(forbidden.count == 3)
    for outcome in forbidden {
      var options = Self.options(riders: 4)
      options.schedule = outcome.example
      let run = await Replay.play(era.era, mode: .racy, options: options)
      #expect(run.failure == nil, "\(outcome.example)")
      #expect(run.result == outcome.result, "\(outcome.example)")
      #expect(run.result.description(.order, riders: 4).contains("though A asked first"))
    }
  }

  /// On the real runtime, with no gate: safe serves in the order asked,
  /// run after run.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func safeServesInOrderOnTheRealRuntime(era: EraUnderTest) async {
    var options = Self.options(riders: 4)
    options.runs = 300
    let tally = await Stress.run(era.era, mode: .safe, options: options)
    #expect(tally.runs == 300)
    #expect(tally.forbidden == 0)
  }

  /// The game: racy is won by sending both before either arrives and
  /// letting B's arrive first; safe refuses B's and says why.
  @Test(arguments: eras)
  func theGamesEndWithTheirOutcome(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let racy = try await bikes.running(["play", "--story", "order"], input: "a\nb\nb\n", limit: 60)
    #expect(racy.prints("You won: B got the bike, though A asked first"), "\(racy.standardOutput)")
    #expect(racy.prints("← A asked first"))
    let safe = try await bikes.running(
      ["play", "--story", "order", "--mode", "safe"], input: "b\na\nb\nb\na\nb\n", limit: 60)
    #expect(safe.printsLine("B cannot go now: it asks after A has asked"), "\(safe.standardOutput)")
    #expect(safe.printsLine("B cannot go now: it waits in line behind A's request"))
    #expect(safe.prints("Result: A got the bike, the first to ask"))
    #expect(safe.prints("No schedule can win in safe mode"))
  }

  /// The drawings name who overtook whom.
  @Test(arguments: eras)
  func theLanesAndTheDiagramShowWhoAskedFirst(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let lanes = try await bikes.running(
      ["replay", "--story", "order", "--mode", "racy", "--format", "lanes"], limit: 30)
    #expect(lanes.status == 0)
    #expect(
      lanes.printsLine("3                     takes at Rossio   free 0, empty 1  ← A asked first"))
    let mermaid = try await bikes.running(
      ["replay", "--story", "order", "--mode", "safe", "--format", "mermaid"], limit: 30)
    #expect(mermaid.printsLine("    App-)B: send (\(era.info.places.ordered))"))
    #expect(mermaid.printsLine("    R-->>B: no free bike"))
  }

  /// A schedule the order story cannot play, an order step in another story,
  /// or too many riders: one line on standard error, exit 2, in every era.
  @Test(arguments: eras)
  func aScheduleThatCannotBePlayedIsOneLine(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    for (arguments, message) in [
      (
        ["--story", "order", "--mode", "safe", "--schedule", "A:ask B:ask B:take"],
        "--schedule cannot be played: step 3 expects B:take, but B waits in line behind A's request"
      ),
      (
        ["--story", "order", "--mode", "racy", "--schedule", "B:ask"],
        "--schedule cannot be played: step 1 expects B:ask, but B asks after A has asked"
      ),
      (
        ["--story", "order", "--mode", "racy", "--schedule", "A:take"],
        "--schedule cannot be played: step 1 expects A:take, but it is at A:ask"
      ),
      (
        ["--story", "bike", "--mode", "racy", "--schedule", "A:ask"],
        "--schedule step 1 'A:ask': the point is arrive or window"
      ),
      (
        ["--story", "order", "--riders", "5"], "--riders expects a whole number from 1 to 4, got 5"
      ),
    ] {
      let result = try await bikes.running(["replay"] + arguments, limit: 30)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errorLines == ["\(era.info.executable): \(message)"], "\(arguments)")
      // What the riders did once the gate refused the step is not shown
      // as if it were played: only the steps before it.
      #expect(!result.outputLines.contains { $0.hasPrefix("  3.") }, "\(arguments)")
    }
  }
}
