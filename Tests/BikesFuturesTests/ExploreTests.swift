import BikeShare
import TestSupport
import Testing

@testable import BikesFutures

/// The era's other fix explored (racy and the default fix, as in every era,
/// are `ErasTests/StageContractTests`).
@Suite(.timeLimit(.minutes(3))) struct FuturesExploreTests {
  static func configuration(_ exclusive: FuturesExclusive) -> Configuration {
    var configuration = Configuration()
    configuration.exclusive = exclusive
    return configuration
  }

  @Test(
    .timeLimit(.minutes(1)),
    arguments: Explorations.safe, [FuturesExclusive.station])
  func safeHasNoForbiddenSchedule(count: Explorations.Count, exclusive: FuturesExclusive) async {
    let exploration = await Explorations.explore(
      FuturesEra.self, .safe, count, configuration: Self.configuration(exclusive))
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == 0, "\(count)")
    #expect(exploration.outcomes.count == 1)
    #expect(exploration.failures.isEmpty)
  }
}
