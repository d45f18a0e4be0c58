import BikeShare
import Testing

@testable import BikesOperations

@Suite(.timeLimit(.minutes(3))) struct OperationsRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test func aRacyVisitIsFourStepsASafeOneTwo() {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let windowed = BlockingRaceProbe(pause: { _ in })
    for (mode, steps) in [(Mode.racy, 4), (Mode.safe, 2)] {
      let visit = Visit(
        rider: 0, at: 0, station, wanting: .bike, mode: mode, probe: windowed, log: .none
      ) { _ in }
      #expect(visit.steps.count == steps)
      // Safe: the act follows the arrival at once; racy: a check and the window come between.
      #expect(visit.act.dependencies.contains(visit.arrive) == (mode == .safe))
      #expect((visit.check != nil) == (mode != .safe))
    }
  }

  /// Window 0 without `--log`: the original graph, the act straight after the check.
  @Test func aBareRacyVisitHasNoWindowStep() throws {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let visit = Visit(
      rider: 0, at: 0, station, wanting: .bike, mode: .racy, probe: .waiting(.zero), log: .none
    ) { _ in }
    let check = try #require(visit.check)
    #expect(visit.window == nil)
    #expect(visit.steps.count == 3)
    #expect(visit.act.dependencies == [check])
  }
}
