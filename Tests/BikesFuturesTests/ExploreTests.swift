import BikeShare
import TestSupport
import Testing

@testable import BikesFutures

/// Every schedule of the stage, on this era's code: the same counts as in
/// every other era (`Explorations`).
@Suite(.timeLimit(.minutes(3))) struct FuturesExploreTests {
  static func configuration(_ exclusive: FuturesExclusive) -> Configuration {
    var configuration = Configuration()
    configuration.exclusive = exclusive
    return configuration
  }

  @Test(.timeLimit(.minutes(1)), arguments: Explorations.racy)
  func racySchedulesAreCountedAsInEveryEra(count: Explorations.Count) async {
    let exploration = await Explorations.explore(FuturesEra.self, .racy, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == count.forbidden, "\(count)")
    #expect(exploration.failures.isEmpty)
    #expect(exploration.unsteady.isEmpty)
  }

  @Test(
    .timeLimit(.minutes(1)),
    arguments: Explorations.safe, FuturesExclusive.allCases)
  func safeHasNoForbiddenSchedule(count: Explorations.Count, exclusive: FuturesExclusive) async {
    let exploration = await Explorations.explore(
      FuturesEra.self, .safe, count, configuration: Self.configuration(exclusive))
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == 0, "\(count)")
    #expect(exploration.outcomes.count == 1)
    #expect(exploration.failures.isEmpty)
  }

  /// The example printed for a forbidden outcome replays to that outcome.
  @Test(.timeLimit(.minutes(1)), arguments: Story.allCases)
  func everyForbiddenExampleReplaysToItsOutcome(story: Story) async {
    let count = Explorations.racy.first { $0.story == story && $0.riders == 3 }!
    let exploration = await Explorations.explore(FuturesEra.self, .racy, count)
    for outcome in exploration.outcomes where outcome.forbidden {
      let run = await Explorations.replay(
        FuturesEra.self, .racy, outcome.example, story: story, riders: 3)
      #expect(run.failure == nil)
      #expect(run.result == outcome.result, "\(outcome.example)")
      #expect(run.switches == outcome.exampleSwitches)
    }
  }
}
