import BikeShare
import Testing

@testable import BikesFutures

@Suite(.timeLimit(.minutes(3))) struct FuturesRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  static func rider(
    _ mode: Mode, _ exclusive: FuturesExclusive = .condition, at station: Station,
    log: EventLog, probe: BlockingRaceProbe? = nil
  ) -> Rider {
    Rider(
      index: 0, stations: [station], mode: mode, exclusive: exclusive,
      probe: probe ?? .waiting(.zero, log: log), log: log, legDuration: .zero)
  }

  @Test(arguments: [
    (Mode.racy, ["rider 1 checks S: free bikes 1", "rider 1 takes a bike at S: free 0, empty 1"]),
    (Mode.safe, ["rider 1 takes a bike at S: free 0, empty 1"]),
  ])
  func aRacyVisitChecksThenActsASafeOneAsksOnce(mode: Mode, lines: [String]) {
    for exclusive in FuturesExclusive.allCases {
      let log = EventLog(.memory)
      let station = Station(Self.record, audit: StationAudit(Self.record))
      let rider = Self.rider(mode, exclusive, at: station, log: log)
      #expect(rider.visit(0, wanting: .bike))
      #expect(log.recorded == lines)
      #expect(!rider.visit(0, wanting: .bike))
      #expect(
        log.recorded.last == "rider 1 is turned away at S: no free bike, walks on (waiting leg)")
    }
  }

  /// Window 0 without `--log`: the original code, so the check is not even
  /// written down between check and act (the answer still is, after the act).
  @Test func aBareProbeLeavesNothingBetweenCheckAndAct() {
    let log = EventLog(.memory)
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let rider = Self.rider(.racy, at: station, log: log, probe: .waiting(.zero))
    #expect(rider.visit(0, wanting: .bike))
    #expect(!rider.visit(0, wanting: .bike))
    #expect(
      log.recorded == [
        "rider 1 takes a bike at S: free 0, empty 1",
        "rider 1 is turned away at S: no free bike, walks on (waiting leg)",
      ])
  }

  /// Safe visits from four riders at once on one bike and one slot. The end
  /// counts alone would not catch a split check-and-act (a −1 undone by the
  /// next dock), so the audit's lowest and highest are asserted too.
  @Test(arguments: FuturesExclusive.allCases)
  func manyRidersTakingAndLeavingNeverLeaveTheRange(exclusive: FuturesExclusive) async {
    let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 1)
    let audit = StationAudit(record)
    let station = Station(record, audit: audit)
    // 4 riders × 2,000 attempts, each on a thread of its own. The loops
    // are bounded, so a broken fix fails instead of hanging.
    let riders = (0..<4).map { _ in
      Future<Void, Never>.onNewThread {
        let rider = Self.rider(.safe, exclusive, at: station, log: .none)
        for _ in 0..<2_000 where rider.visit(0, wanting: .bike) {
          for _ in 0..<1_000 where rider.visit(0, wanting: .emptySlot) { break }
        }
      }
    }
    for rider in riders { await rider.value }
    #expect(await station.readCounts().value == StationCounts(freeBikes: 1, emptySlots: 1))
    #expect(audit.violations.isEmpty, "\(audit.violations)")
    // One bike: it is in its dock (free 1, empty 1) or ridden (free 0, empty 2).
    #expect(audit.lowest == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(audit.highest == StationCounts(freeBikes: 1, emptySlots: 2))
  }

  /// The leave half: four riders, each with a bike, and one empty dock.
  /// A rider that docks takes its bike back before the dock is free again,
  /// so only leaves contend; a split leave docks two bikes in one slot.
  // NB: split `Station.leaveBike()` into a check future and an act future
  // and the `station` case fails (the contended take above never sees it).
  @Test(arguments: FuturesExclusive.allCases)
  func manyRidersLeavingIntoOneDockNeverOverfillIt(exclusive: FuturesExclusive) async {
    let record = StationRecord(id: "s", name: "S", freeBikes: 0, emptySlots: 1)
    let audit = StationAudit(record)
    let station = Station(record, audit: audit)
    let riders = (0..<4).map { _ in
      Future<Void, Never>.onNewThread {
        let rider = Self.rider(.safe, exclusive, at: station, log: .none)
        for _ in 0..<2_000 where rider.visit(0, wanting: .emptySlot) {
          for _ in 0..<1_000 where rider.visit(0, wanting: .bike) { break }
        }
      }
    }
    for rider in riders { await rider.value }
    #expect(await station.readCounts().value == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(audit.violations.isEmpty, "\(audit.violations)")
    #expect(audit.lowest == StationCounts(freeBikes: 0, emptySlots: 0))
    #expect(audit.highest == StationCounts(freeBikes: 1, emptySlots: 1))
  }

  @Test func stoppingCancelsTheLegUnderWay() async {
    let record = StationRecord(id: "s", name: "S", freeBikes: 5, emptySlots: 5)
    let station = Station(record, audit: StationAudit(record))
    let arrived = Future<Void, Never>.byHand { _ in }
    // A leg of a minute: only `stop()` can end the ride within the time limit.
    let rider = Rider(
      index: 0, stations: [station], mode: .safe, exclusive: .condition,
      probe: BlockingRaceProbe(pause: { stop in if stop.point == .arrive { arrived.finish(()) } }),
      log: .none, legDuration: .seconds(60))
    let ride = Future<RiderResult, Never>.onNewThread {
      rider.ride(Journey(rider: 0, seed: 1, stationCount: 1, paths: 10, goal: nil))
    }
    await arrived.value
    rider.stop()
    let result = await ride.value
    #expect(result.paths == 0)
    #expect(result.normalLegs == 1)
  }
}
