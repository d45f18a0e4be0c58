import BikeShare
import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import BikesCallbacks

@Suite(.timeLimit(.minutes(3))) struct CallbacksRiderTests {
  static let queue = DispatchQueue(label: "callbacks", attributes: .concurrent)

  @Test(.timeLimit(.minutes(1)))
  func tenRidersHeldByTheProbeEachKeepTheirOwnThread() async {
    // Every rider must be parked before the gate lets the first one go, so
    // this only finishes (quickly) if each held rider has a thread of its own.
    let riders = Array(0..<10)
    let gate = ScriptedGate(
      riders: Set(riders), schedule: riders.reversed().map { ScriptedGate.Step($0, .arrive) })
    let record = StationRecord(id: "s", name: "S", freeBikes: 10, emptySlots: 0)
    let station = Station(record, audit: StationAudit(record))
    let log = EventLog(.memory)
    let probe = BlockingRaceProbe.scripted(gate)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      for index in riders {
        let rider = Rider(
          journey: Journey(rider: index, seed: 1, stationCount: 1, paths: 1, goal: nil),
          stations: [station], mode: .safe, probe: probe, log: log, legDuration: .zero)
        all.enter()
        rider.visit(0, wanting: .bike) { _ in
          probe.finished(rider: index)
          all.leave()
        }
      }
      all.notify(queue: .global()) { continuation.resume() }
    }
    #expect(gate.failure == nil)
    #expect(log.recorded.first == "rider 10 takes a bike at S: free 9, empty 1")
  }

  /// Window 0 without `--log`: the original code, so the check is not even
  /// written down between check and act (the answer still is, after the act).
  @Test(.timeLimit(.minutes(1)), arguments: [true, false])
  func aBareProbeLeavesNothingBetweenCheckAndAct(bare: Bool) async {
    let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)
    let station = Station(record, audit: StationAudit(record))
    let log = EventLog(.memory)
    let rider = Rider(
      journey: Journey(rider: 0, seed: 1, stationCount: 1, paths: 1, goal: nil),
      stations: [station], mode: .racy, probe: .waiting(.zero, log: bare ? .none : log), log: log,
      legDuration: .zero)
    for _ in 0..<2 {
      await withCheckedContinuation { continuation in
        rider.visit(0, wanting: .bike) { _ in continuation.resume() }
      }
    }
    let checks = ["rider 1 checks S: free bikes 1", "rider 1 checks S: free bikes 0"]
    #expect(
      log.recorded.filter { $0.contains(" checks ") } == (bare ? [] : checks))
    #expect(
      log.recorded.filter { !$0.contains(" checks ") } == [
        "rider 1 takes a bike at S: free 0, empty 1",
        "rider 1 is turned away at S: no free bike, walks on (waiting leg)",
      ])
  }

  @Test func thePyramidRidesOnePath() async {
    let from = StationRecord(id: "a", name: "A", freeBikes: 1, emptySlots: 0)
    let to = StationRecord(id: "b", name: "B", freeBikes: 0, emptySlots: 1)
    let stationA = Station(from, audit: StationAudit(from))
    let stationB = Station(to, audit: StationAudit(to))
    func ride(_ a: Station, _ b: Station) async -> Bool {
      await withCheckedContinuation { continuation in
        rideOnePath(from: a, to: b, legDuration: .milliseconds(0), queue: Self.queue) {
          continuation.resume(returning: $0)
        }
      }
    }
    #expect(await ride(stationA, stationB))
    #expect(await stationA.counts() == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(await stationB.counts() == StationCounts(freeBikes: 1, emptySlots: 0))
    #expect(await ride(stationA, stationB) == false)  // no bike left at A
  }
}
