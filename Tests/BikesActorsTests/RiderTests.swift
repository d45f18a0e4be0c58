import BikeShare
import Testing

@testable import BikesActors

@Suite struct ActorsRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test(arguments: [
    (Mode.racy, ["rider 1 checks S: free bikes 1", "rider 1 takes a bike at S: free 0, empty 1"]),
    (Mode.safe, ["rider 1 takes a bike at S: free 0, empty 1"]),
  ])
  func aRacyVisitChecksThenActsASafeOneAsksOnce(mode: Mode, lines: [String]) async {
    let log = EventLog(.memory)
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let rider = Rider(mode: mode, stations: [station], probe: .waiting(.zero), log: log)
    #expect(await rider.visit(0, wanting: .bike, as: 0))
    #expect(log.recorded == lines)
    #expect(await rider.visit(0, wanting: .bike, as: 0) == false)
    #expect(
      log.recorded.last == "rider 1 is turned away at S: no free bike, walks on (waiting leg)")
  }

  @Test func aRiderThatReachesItsGoalStops() async {
    let record = StationRecord(id: "g", name: "G", freeBikes: 5, emptySlots: 5)
    let log = EventLog(.memory)
    let station = Station(record, audit: StationAudit(record))
    let rider = Rider(mode: .safe, stations: [station], probe: .waiting(.zero), log: log)
    let journey = Journey(rider: 0, seed: 1, stationCount: 1, paths: 10, goal: 0)
    let result = await Task { await rider.ride(journey, legDuration: .zero) }.value
    #expect(result.reachedGoal)
    #expect(result.paths == 1)
    #expect(log.recorded.last == "rider 1 reached its goal G and stops")
  }
}
