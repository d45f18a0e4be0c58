import BikeShare
import Testing

@testable import BikesActors

@Suite(.timeLimit(.minutes(3))) struct ActorsRiderTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  static func rider(
    _ mode: Mode, fix: ActorsFix = .method, callers: ActorsCallers = .nonisolated,
    probe: RaceProbe, log: EventLog, record: StationRecord
  ) -> Rider {
    let station = Station(record, audit: StationAudit(record))
    return Rider(
      mode: mode, fix: fix, callers: callers, stations: [station], payments: Payments(log: log),
      probe: probe, log: log)
  }

  /// The same lines wherever the riders check and act (`--callers`).
  @Test(
    arguments: ActorsCallers.allCases,
    [
      (
        Mode.racy, ["rider 1 checks S: free bikes 1", "rider 1 takes a bike at S: free 0, empty 1"]
      ),
      (
        .reentrant,
        [
          "rider 1 checks S: free bikes 1", "rider 1 is charged at S",
          "rider 1 takes a bike at S: free 0, empty 1",
        ]
      ),
      (.safe, ["rider 1 takes a bike at S: free 0, empty 1"]),
    ])
  func aRacyVisitChecksThenActsASafeOneAsksOnce(
    callers: ActorsCallers, visit: (mode: Mode, lines: [String])
  ) async {
    let (mode, lines) = visit
    let log = EventLog(.memory)
    let rider = Self.rider(
      mode, callers: callers, probe: .waiting(.zero, log: log), log: log, record: Self.record)
    #expect(await rider.visit(0, wanting: .bike, as: 0))
    #expect(log.recorded == lines)
    #expect(await rider.visit(0, wanting: .bike, as: 0) == false)
    #expect(
      log.recorded.last == "rider 1 is turned away at S: no free bike, walks on (waiting leg)")
  }

  /// Window 0 without `--log`: the original code, so the check is not even
  /// written down between check and act (the answer still is, after the act).
  @Test(arguments: [Mode.racy, .reentrant], ActorsCallers.allCases)
  func aBareProbeLeavesNothingBetweenCheckAndAct(mode: Mode, callers: ActorsCallers) async {
    let probe = RaceProbe.waiting(.zero)
    #expect(probe.isBare)
    let log = EventLog(.memory)
    let rider = Self.rider(mode, callers: callers, probe: probe, log: log, record: Self.record)
    #expect(await rider.visit(0, wanting: .bike, as: 0))
    #expect(await rider.visit(0, wanting: .bike, as: 0) == false)
    // The reentrant station's payment is its own code, and shows.
    let charge = mode == .reentrant ? ["rider 1 is charged at S"] : []
    #expect(
      log.recorded == charge + [
        "rider 1 takes a bike at S: free 0, empty 1",
        "rider 1 is turned away at S: no free bike, walks on (waiting leg)",
      ])
  }

  @Test(arguments: ActorsFix.allCases, ActorsCallers.allCases)
  func everyFixTakesTheLastBikeOnceAndLeavesItOnce(fix: ActorsFix, callers: ActorsCallers) async {
    let log = EventLog(.memory)
    let rider = Self.rider(
      .safe, fix: fix, callers: callers, probe: .waiting(.zero), log: log, record: Self.record)
    #expect(await rider.visit(0, wanting: .bike, as: 0))
    #expect(await rider.visit(0, wanting: .bike, as: 1) == false)
    #expect(await rider.visit(0, wanting: .emptySlot, as: 0))
    #expect(await rider.visit(0, wanting: .emptySlot, as: 1) == false)
    #expect(
      log.recorded == [
        "rider 1 takes a bike at S: free 0, empty 1",
        "rider 2 is turned away at S: no free bike, walks on (waiting leg)",
        "rider 1 leaves a bike at S: free 1, empty 0",
        "rider 2 is turned away at S: no empty slot, rides on (waiting leg)",
      ])
  }

  /// A run's probe is left out at arrival (`pausesOnArrival`); any other
  /// probe, a gate's or this one, is called there on every visit.
  @Test(arguments: [Mode.racy, .reentrant, .safe], ActorsCallers.allCases)
  func aProbeThatPausesOnArrivalIsCalledThere(mode: Mode, callers: ActorsCallers) async {
    let stops = Locked<[ProbePoint]>([])
    let probe = RaceProbe(pause: { stop in stops.withLock { $0.append(stop.point) } })
    let rider = Self.rider(mode, callers: callers, probe: probe, log: .none, record: Self.record)
    #expect(await rider.visit(0, wanting: .bike, as: 0))
    #expect(await rider.visit(0, wanting: .bike, as: 0) == false)
    let window: [ProbePoint] = mode == .safe ? [] : [.raceWindow]
    #expect(stops.withLock { $0 } == [.arrive] + window + [.arrive])
  }

  @Test func aRiderThatReachesItsGoalStops() async {
    let record = StationRecord(id: "g", name: "G", freeBikes: 5, emptySlots: 5)
    let log = EventLog(.memory)
    let rider = Self.rider(.safe, probe: .waiting(.zero), log: log, record: record)
    let journey = Journey(rider: 0, seed: 1, stationCount: 1, paths: 10, goal: 0)
    let result = await Task { await rider.ride(journey, legDuration: .zero) }.value
    #expect(result.reachedGoal)
    #expect(result.paths == 1)
    #expect(log.recorded.last == "rider 1 reached its goal G and stops")
  }
}
