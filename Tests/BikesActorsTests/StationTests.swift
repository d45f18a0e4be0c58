import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite struct ActorsStationTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test func safeTakeNeverOversells() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    #expect(await station.takeBike() == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(await station.takeBike() == nil)
    #expect(await station.counts == StationCounts(freeBikes: 0, emptySlots: 1))
  }

  @Test func removeBikeDoesNotCheckAndTheAuditSeesIt() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    _ = await station.removeBike()
    _ = await station.removeBike()
    _ = await station.addBike()
    #expect(await station.counts == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(audit.violations.map(\.value) == [-1, 2])
  }
}
