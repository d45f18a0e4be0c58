import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite(.timeLimit(.minutes(3))) struct ActorsRunTests {
  /// Every fix but the default, which the contract suite runs.
  @Test(arguments: ActorsFix.allCases.filter { $0 != Configuration().fix })
  func safeStressRunHasNoViolationAndConservesBikes(fix: ActorsFix) async throws {
    let report = try await Scenarios.safeStress(ActorsEra.self, fix: fix)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.paths == 400 * 3)
    #expect(report.waitingLegs > 0)
  }
}
