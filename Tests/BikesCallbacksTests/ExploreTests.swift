import BikeShare
import TestSupport
import Testing

@testable import BikesCallbacks

/// Every schedule of the stage, on this era's code: the same counts as in
/// every other era (`Explorations`).
@Suite(.timeLimit(.minutes(3))) struct CallbacksExploreTests {
  @Test(.timeLimit(.minutes(1)), arguments: Explorations.racy)
  func racySchedulesAreCountedAsInEveryEra(count: Explorations.Count) async {
    let exploration = await Explorations.explore(CallbacksEra.self, .racy, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == count.forbidden, "\(count)")
    #expect(exploration.failures.isEmpty)
    #expect(exploration.unsteady.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Explorations.safe)
  func safeHasNoForbiddenSchedule(count: Explorations.Count) async {
    let exploration = await Explorations.explore(CallbacksEra.self, .safe, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == 0, "\(count)")
    #expect(exploration.outcomes.count == 1)
  }

  /// The example printed for a forbidden outcome replays to that outcome.
  @Test(.timeLimit(.minutes(1)), arguments: Story.allCases)
  func everyForbiddenExampleReplaysToItsOutcome(story: Story) async {
    let count = Explorations.racy.first { $0.story == story && $0.riders == 3 }!
    let exploration = await Explorations.explore(CallbacksEra.self, .racy, count)
    for outcome in exploration.outcomes where outcome.forbidden {
      let run = await Explorations.replay(
        CallbacksEra.self, .racy, outcome.example, story: story, riders: 3)
      #expect(run.failure == nil)
      #expect(run.result == outcome.result, "\(outcome.example)")
      #expect(run.switches == outcome.exampleSwitches)
    }
  }
}
