import BikeShare
import Testing

@testable import BikesDispatch

@Suite(.timeLimit(.minutes(3))) struct DispatchRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test(arguments: [
    (Mode.racy, ["rider 1 checks S: free bikes 1", "rider 1 takes a bike at S: free 0, empty 1"]),
    (Mode.safe, ["rider 1 takes a bike at S: free 0, empty 1"]),
  ])
  func aRacyVisitChecksThenActsASafeOneAsksOnce(mode: Mode, lines: [String]) {
    let log = EventLog(.memory)
    let station = Station(Self.record, audit: StationAudit(Self.record), mode: mode, lock: .mutex)
    let rider = Rider(
      index: 0, stations: [station], mode: mode, probe: .waiting(.zero, log: log), log: log)
    #expect(rider.visit(0, wanting: .bike))
    #expect(log.recorded == lines)
    #expect(!rider.visit(0, wanting: .bike))
    #expect(
      log.recorded.last == "rider 1 is turned away at S: no free bike, walks on (waiting leg)")
  }

  /// Window 0 without `--log`: the original code, so the check is not even
  /// written down between check and act (the answer still is, after the act).
  @Test(arguments: [Mode.racy, .unsynchronized])
  func aBareProbeLeavesNothingBetweenCheckAndAct(mode: Mode) {
    let log = EventLog(.memory)
    let station = Station(Self.record, audit: StationAudit(Self.record), mode: mode, lock: .mutex)
    let rider = Rider(index: 0, stations: [station], mode: mode, probe: .waiting(.zero), log: log)
    #expect(rider.visit(0, wanting: .bike))
    #expect(!rider.visit(0, wanting: .bike))
    #expect(
      log.recorded == [
        "rider 1 takes a bike at S: free 0, empty 1",
        "rider 1 is turned away at S: no free bike, walks on (waiting leg)",
      ])
  }

  @Test func ridersOfABuggyModeGiveUpWhenNoBikeIsLeft() {
    // Lost updates can leave stations that show no bike at all; here one does from the start.
    let record = StationRecord(id: "a", name: "A", freeBikes: 0, emptySlots: 2)
    let station = Station(record, audit: StationAudit(record), mode: .unsynchronized, lock: .mutex)
    let rider = Rider(
      index: 0, stations: [station], mode: .unsynchronized, probe: .waiting(.zero), log: .none)
    let journey = Journey(
      rider: 0, seed: 1, stationCount: 1, paths: 1, goal: nil, givesUp: true)
    let result = rider.ride(journey, nap: { false })
    #expect(result.gaveUp)
    #expect(result.waitingLegs == Journey.patience)
    #expect(result.paths == 0)
  }
}
