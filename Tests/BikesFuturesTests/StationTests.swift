import BikeShare
import Testing

@testable import BikesFutures

@Suite(.timeLimit(.minutes(3))) struct FuturesStationTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 1)

  @Test func everyCallIsAFutureAndOnlyTheSafeOnesCheck() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    #expect(await station.freeBikes().value == 1)
    #expect(await station.takeBike().value == StationCounts(freeBikes: 0, emptySlots: 2))
    #expect(await station.takeBike().value == nil)
    #expect(await station.removeBike().value == StationCounts(freeBikes: -1, emptySlots: 3))
    #expect(await station.leaveBike().value == StationCounts(freeBikes: 0, emptySlots: 2))
    #expect(await station.addBike().value == StationCounts(freeBikes: 1, emptySlots: 1))
    #expect(await station.emptySlots().value == 1)
    #expect(await station.readCounts().value == StationCounts(freeBikes: 1, emptySlots: 1))
    #expect(audit.violations.map(\.value) == [-1, 3])
  }

  @Test func theEraHasNoModeOfItsOwnButAFix() {
    #expect(FuturesEra.info.ownModes.isEmpty)
    #expect(FuturesEra.info.ownOptions.map(\.name) == ["--exclusive"])
  }
}
