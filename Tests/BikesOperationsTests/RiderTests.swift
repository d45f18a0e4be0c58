import BikeShare
import Testing

@testable import BikesOperations

@Suite(.timeLimit(.minutes(3))) struct OperationsRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test func aRacyVisitIsFourStepsASafeOneTwo() throws {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let windowed = BlockingRaceProbe(pause: { _ in })
    for (mode, steps) in [(Mode.racy, 4), (Mode.safe, 2)] {
      let visit = Visit(
        rider: 0, at: 0, station, wanting: .bike, mode: mode, probe: windowed, log: .none
      ) { _ in }
      #expect(visit.steps.count == steps)
      // Safe: the act follows the arrival at once; racy: a check and the window come between.
      let arrive = try #require(visit.arrive)
      #expect(visit.act.dependencies.contains(arrive) == (mode == .safe))
      #expect((visit.check != nil) == (mode != .safe))
    }
  }

  /// Window 0 without `--log`: the original graph, the act straight after
  /// the check; and no arrival step, since a run's probe does nothing there.
  @Test func aBareRacyVisitHasNoWindowStep() throws {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let visit = Visit(
      rider: 0, at: 0, station, wanting: .bike, mode: .racy, probe: .waiting(.zero), log: .none
    ) { _ in }
    let check = try #require(visit.check)
    #expect(visit.window == nil)
    #expect(visit.arrive == nil)
    #expect(visit.steps.count == 2)
    #expect(visit.act.dependencies == [check])
  }

  /// A run's probe (`waiting`) does nothing when a rider arrives: a safe
  /// visit is the act alone, and a racy one keeps its window.
  @Test func aRunsVisitHasNoArrivalStep() {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    for (mode, steps) in [(Mode.racy, 3), (Mode.safe, 1)] {
      let visit = Visit(
        rider: 0, at: 0, station, wanting: .bike, mode: mode, probe: .waiting(.milliseconds(1)),
        log: .none
      ) { _ in }
      #expect(visit.arrive == nil)
      #expect(visit.steps.count == steps)
      #expect(visit.steps.first is ProbeOperation == false)
    }
  }
}
