import Testing

@testable import BikeShare

@Suite struct AuditTests {
  static let station = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 1)

  static func audit(_ history: [(Int, Int)]) -> StationAudit {
    let audit = StationAudit(station)
    for (free, empty) in history {
      audit.observe(StationCounts(freeBikes: free, emptySlots: empty))
    }
    return audit
  }

  @Test func cleanHistoryHasNoViolation() {
    let audit = Self.audit([(0, 2), (1, 1), (2, 0), (1, 1)])
    #expect(audit.violations.isEmpty)
    #expect(audit.lowest == StationCounts(freeBikes: 0, emptySlots: 0))
    #expect(audit.highest == StationCounts(freeBikes: 2, emptySlots: 2))
  }

  @Test func transientNegativeIsCaughtEvenWhenUndoneLater() {
    // Two riders took the one bike; a third rider then brought one back.
    let audit = Self.audit([(0, 2), (-1, 3), (0, 2)])
    #expect(
      audit.violations == [
        Violation(station: Self.station, counter: .freeBikes, value: -1),
        Violation(station: Self.station, counter: .emptySlots, value: 3),
      ])
  }

  @Test func aboveCapacityIsAViolation() {
    let audit = Self.audit([(2, 0), (3, -1), (2, 0)])
    #expect(
      audit.violations == [
        Violation(station: Self.station, counter: .freeBikes, value: 3),
        Violation(station: Self.station, counter: .emptySlots, value: -1),
      ])
  }

  @Test func concurrentObservationsKeepTheExtremes() async {
    let audit = StationAudit(StationRecord(id: "s", name: "S", freeBikes: 0, emptySlots: 1000))
    await withTaskGroup(of: Void.self) { group in
      for value in 0..<1000 {
        group.addTask { audit.observe(StationCounts(freeBikes: value, emptySlots: 1000 - value)) }
      }
    }
    #expect(audit.highest.freeBikes == 999)
    #expect(audit.lowest.emptySlots == 1)
  }

  @Test func reportChecksConservationIncludingBikesBeingRidden() throws {
    let city = City(id: "c", name: "C", stations: [Self.station])
    var configuration = Configuration()
    configuration.stationCount = 1
    let selection = try Selection(city: city, configuration: configuration)
    let simulation = Simulation(
      mode: .racy, configuration: configuration, selection: selection, log: .none)
    var riding = RiderResult()
    riding.holdsBike = true
    let kept = RunReport(
      era: .callbacks, simulation: simulation,
      outcome: RunOutcome(riders: [riding], stations: [StationCounts(freeBikes: 0, emptySlots: 2)]),
      interrupted: true, wallSeconds: 0)
    #expect(kept.conserved)
    #expect(kept.bikesAtEnd == 1)
    let lost = RunReport(
      era: .callbacks, simulation: simulation,
      outcome: RunOutcome(
        riders: [RiderResult()], stations: [StationCounts(freeBikes: 0, emptySlots: 2)]),
      interrupted: false, wallSeconds: 0)
    #expect(!lost.conserved)
    #expect(lost.hasViolations)
  }
}
