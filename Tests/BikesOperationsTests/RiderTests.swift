import BikeShare
import Testing

@testable import BikesOperations

@Suite struct OperationsRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test func aRacyVisitIsFourStepsASafeOneTwo() {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    for (mode, steps) in [(Mode.racy, 4), (Mode.safe, 2)] {
      let visit = Visit(
        rider: 0, at: 0, station, wanting: .bike, mode: mode, probe: .waiting(.zero), log: .none
      ) { _ in }
      #expect(visit.steps.count == steps)
      // Safe: the act follows the arrival at once; racy: a check and the window come between.
      #expect(visit.act.dependencies.contains(visit.arrive) == (mode == .safe))
      #expect((visit.check != nil) == (mode != .safe))
    }
  }
}
