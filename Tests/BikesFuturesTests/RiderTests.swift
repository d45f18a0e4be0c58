import BikeShare
import TestSupport
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

  /// Four riders at once on one station with one dock in play, each on a
  /// thread of its own. Taking first (one bike, one slot): takes contend.
  /// Leaving first (each rider brings a bike, one empty dock): a rider that
  /// docks takes a bike back before the dock is free again, so only leaves
  /// contend, and a split leave docks two bikes in one slot. The end counts
  /// alone would not catch a split check-and-act (a −1 undone by the next
  /// dock), so the audit's lowest and highest are asserted too.
  /// A future's answer and the rider's next future are microseconds apart,
  /// so the station here has the probe between two accesses
  /// (`AccessTurns`): after each future's work, another rider's goes
  /// through the queue before this rider goes on. (With `leaveBike()`'s
  /// check and act in two futures, or a `--exclusive condition` visit whose
  /// act is outside the exclusion, the leaving case then fails every time,
  /// where without the probe it showed only now and then.)
  @Test(arguments: FuturesExclusive.allCases, [Want.bike, .emptySlot])
  func manyRidersAtOneDockNeverLeaveTheRange(exclusive: FuturesExclusive, first: Want) async {
    let dock = OneDock(first: first)
    let (then, record, audit) = (dock.then, dock.record, dock.audit())
    let turns = AccessTurns()
    let station = Station(record, audit: audit, afterAccess: turns.take)
    // 4 riders × 500 attempts (each access a turn). The loops are bounded, so a broken fix
    // fails instead of hanging.
    let riders = (0..<4).map { _ in
      Future<Void, Never>.onNewThread {
        let rider = Self.rider(.safe, exclusive, at: station, log: .none)
        for _ in 0..<500 where rider.visit(0, wanting: first) {
          for _ in 0..<1_000 where rider.visit(0, wanting: then) { break }
        }
      }
    }
    for rider in riders { await rider.value }
    let end = await station.readCounts().value
    dock.expectHeld(end: end, audit: audit)
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
