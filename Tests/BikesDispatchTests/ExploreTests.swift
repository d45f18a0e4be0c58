import BikeShare
import TestSupport
import Testing

@testable import BikesDispatch

/// The era's own mode explored (racy and safe, as in every era, are
/// `ErasTests/StageContractTests`).
@Suite(.timeLimit(.minutes(3))) struct DispatchExploreTests {
  /// The data race explored: every lock-free lost update is a forbidden schedule too.
  @Test(.timeLimit(.minutes(1)), arguments: Explorations.racy.filter { $0.maxSwitches == nil })
  func unsynchronizedCountersLoseAnUpdateInEveryForbiddenSchedule(count: Explorations.Count) async {
    let exploration = await Explorations.explore(DispatchEra.self, .unsynchronized, count)
    #expect(exploration.schedules == count.schedules, "\(count)")
    #expect(exploration.forbidden == count.forbidden, "\(count)")
    #expect(
      exploration.outcomes.filter(\.forbidden).allSatisfy { !$0.result.isConserved(count.story) })
  }
}
