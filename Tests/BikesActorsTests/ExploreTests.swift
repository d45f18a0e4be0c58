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
  static func row(_ name: String, callers: ActorsCallers = .nonisolated) async throws
    -> JobsExplorer.Row
  {
    var options = StageOptions()
    options.configuration.callers = callers
    let shape = try #require(
      ActorsEra.jobShapes(for: options).first { $0.name.hasPrefix(name) })
    return await JobsExplorer.explore(shape, options: options, stop: StopSwitch())
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

  /// `--callers main-actor`: the same line, its check and act on a global
  /// actor (the main actor's stand-in), goes back there between the two.
  @Test(.timeLimit(.minutes(1)))
  func theOriginalOneLinerFromTheMainActorIsForbiddenInSomeOrders() async throws {
    let row = try await Self.row("the original one-liner", callers: .mainActor)
    #expect(row.forbidden > 0, "\(row.forbidden) of \(row.schedules)")
  }

  /// `--callers concurrent`: main-actor riders whose check and act is
  /// `@concurrent` are back where nonisolated riders were.
  @Test(.timeLimit(.minutes(1)))
  func theOriginalOneLinerMadeConcurrentIsNeverForbidden() async throws {
    let row = try await Self.row("the original one-liner", callers: .concurrent)
    #expect(row.schedules > 1)
    #expect(row.forbidden == 0)
  }

  /// The yield is written in the shape, not in the rider: it has no callers.
  @Test func theYieldShapeIsExploredOnlyForNonisolatedCallers() {
    for callers in ActorsCallers.allCases {
      var options = StageOptions()
      options.configuration.callers = callers
      let names = ActorsEra.jobShapes(for: options).map(\.name)
      #expect(names.contains { $0.hasPrefix("await Task.yield()") } == (callers == .nonisolated))
      #expect(names.count == (callers == .nonisolated ? 7 : 6), "\(callers)")
    }
  }

  @Test(
    .timeLimit(.minutes(1)),
    arguments: ["safe: one actor method", "safe: an isolated", "safe: reserve"],
    ActorsCallers.allCases)
  func theFixesAreNeverForbidden(name: String, callers: ActorsCallers) async throws {
    let row = try await Self.row(name, callers: callers)
    #expect(row.schedules > 1)
    #expect(row.forbidden == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func reentrancyIsForbiddenInSomeOrders() async throws {
    let row = try await Self.row("reentrant")
    #expect(row.forbidden > 0)
  }
}

/// The order story over every order of the runtime's jobs: a later request
/// can reach Rossio first in every racy shape, never through the stream.
@Suite(.timeLimit(.minutes(2))) struct ActorsJobsOrderTests {
  static func rows(riders: Int) async -> [JobsExplorer.Row] {
    var options = StageOptions()
    options.story = .order
    options.riders = riders
    var rows: [JobsExplorer.Row] = []
    for shape in ActorsEra.jobShapes(for: options) {
      rows.append(await JobsExplorer.explore(shape, options: options, stop: StopSwitch()))
    }
    return rows
  }

  @Test func aLaterRequestCanArriveFirstInEveryRacyShapeAndNeverThroughTheStream() async {
    let rows = await Self.rows(riders: 2)
    #expect(rows.map(\.shape.name).count == 4)
    for row in rows {
      #expect(!row.capped, "\(row.shape.name)")
      #expect(row.schedules > 1, "\(row.shape.name)")
      if row.shape.isFix {
        #expect(row.forbidden == 0, "\(row.shape.name): \(row.forbidden) of \(row.schedules)")
      } else {
        #expect(row.forbidden > 0, "\(row.shape.name): never out of order")
      }
    }
  }

  @Test func oneRiderIsNeverOutOfOrder() async {
    for row in await Self.rows(riders: 1) { #expect(row.forbidden == 0, "\(row.shape.name)") }
  }
}
