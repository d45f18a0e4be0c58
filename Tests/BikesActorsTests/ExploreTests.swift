import BikeShare
import TestSupport
import Testing

@testable import BikesActors

/// Every schedule of the stage, on this era's code: the same counts as in
/// every other era (`Explorations`).
@Suite(.timeLimit(.minutes(3))) struct ActorsExploreTests {
  @Test(.timeLimit(.minutes(1)), arguments: Explorations.racy)
  func racySchedulesAreCountedAsInEveryEra(count: Explorations.Count) async {
    let exploration = await Explorations.explore(ActorsEra.self, .racy, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == count.forbidden, "\(count)")
    #expect(exploration.failures.isEmpty)
    #expect(exploration.unsteady.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)), arguments: Explorations.safe)
  func safeHasNoForbiddenSchedule(count: Explorations.Count) async {
    let exploration = await Explorations.explore(ActorsEra.self, .safe, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == 0, "\(count)")
    #expect(exploration.outcomes.count == 1)
  }

  /// The example printed for a forbidden outcome replays to that outcome.
  @Test(.timeLimit(.minutes(1)), arguments: Story.allCases)
  func everyForbiddenExampleReplaysToItsOutcome(story: Story) async {
    let count = Explorations.racy.first { $0.story == story && $0.riders == 3 }!
    let exploration = await Explorations.explore(ActorsEra.self, .racy, count)
    for outcome in exploration.outcomes where outcome.forbidden {
      let run = await Explorations.replay(
        ActorsEra.self, .racy, outcome.example, story: story, riders: 3)
      #expect(run.failure == nil)
      #expect(run.result == outcome.result, "\(outcome.example)")
      #expect(run.switches == outcome.exampleSwitches)
    }
  }

  @Test(.timeLimit(.minutes(1)), arguments: Explorations.racy)
  func theReentrantStationHasTheSameSchedulesAsTheRacyRider(count: Explorations.Count) async {
    let exploration = await Explorations.explore(ActorsEra.self, .reentrant, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == count.forbidden, "\(count)")
  }

  @Test(.timeLimit(.minutes(1)), arguments: ActorsFix.allCases)
  func everyFixHasNoForbiddenSchedule(fix: ActorsFix) async {
    var configuration = Configuration()
    configuration.fix = fix
    for count in Explorations.safe {
      let exploration = await Explorations.explore(
        ActorsEra.self, .safe, count, configuration: configuration)
      #expect(exploration.schedules == count.schedules, "\(fix), \(count)")
      #expect(exploration.forbidden == 0, "\(fix), \(count)")
    }
  }
}

/// No probe at all: the order of the runtime's own jobs, explored.
@Suite(.timeLimit(.minutes(3))) struct ActorsJobsExploreTests {
  static func row(_ name: String) async throws -> JobsExplorer.Row {
    let shape = try #require(ActorsEra.jobShapes.first { $0.name.hasPrefix(name) })
    return await JobsExplorer.explore(shape, options: StageOptions(), stop: StopSwitch())
  }

  @Test(.timeLimit(.minutes(1)))
  func theOriginalOneLinerIsNeverForbidden() async throws {
    let row = try await Self.row("the original one-liner")
    #expect(row.schedules > 1)
    #expect(row.forbidden == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func aYieldBetweenCheckAndActIsForbiddenInMostOrders() async throws {
    let row = try await Self.row("await Task.yield()")
    #expect(row.forbidden > row.schedules / 2, "\(row.forbidden) of \(row.schedules)")
  }

  @Test(
    .timeLimit(.minutes(1)),
    arguments: ["safe: one actor method", "safe: an isolated", "safe: reserve"])
  func theFixesAreNeverForbidden(name: String) async throws {
    let row = try await Self.row(name)
    #expect(row.schedules > 1)
    #expect(row.forbidden == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func reentrancyIsForbiddenInSomeOrders() async throws {
    let row = try await Self.row("reentrant")
    #expect(row.forbidden > 0)
  }
}
