import BikeShare
import TestSupport
import Testing

@testable import BikesActors

/// The era's own mode and fixes explored (racy and the default fix, as in
/// every era, are `ErasTests/StageContractTests`).
@Suite(.timeLimit(.minutes(3))) struct ActorsExploreTests {
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
