import BikeShare
import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import BikesCallbacks

@Suite struct CallbacksReplayTests {
  @Test(arguments: 1...20)
  func racyReplayAlwaysEndsAtMinusOneEmptySlot(round: Int) async {
    let outcome = await Replay.play(CallbacksEra.self, mode: .racy)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 7, emptySlots: -1))
    #expect(outcome.steps == ReplaySteps.racy)
  }

  // NB: make `Station.leaveBike(completion:)` skip its `self.empty > 0` test and this fails.
  @Test(arguments: 1...20)
  func safeReplayTurnsBAwayAndNeverGoesBelowZero(round: Int) async {
    let outcome = await Replay.play(CallbacksEra.self, mode: .safe)
    #expect(outcome.failure == nil)
    #expect(outcome.end == StationCounts(freeBikes: 6, emptySlots: 0))
    #expect(outcome.violations.isEmpty)
    #expect(outcome.steps == ReplaySteps.safe)
  }

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
}

@Suite struct CallbacksStationTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)
  static let queue = DispatchQueue(label: "callbacks", attributes: .concurrent)

  @Test func continuationBridgeLetsAsyncCodeTakeBikes() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    #expect(await station.takeBike() == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(await station.takeBike() == nil)
    #expect(await station.counts() == StationCounts(freeBikes: 0, emptySlots: 1))
  }

  @Test func removeBikeDoesNotCheckAndTheAuditSeesIt() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    for _ in 0..<2 {
      await withCheckedContinuation { continuation in
        station.removeBike(on: Self.queue) { _ in continuation.resume() }
      }
    }
    #expect(await station.counts() == StationCounts(freeBikes: -1, emptySlots: 2))
    #expect(audit.violations.map(\.value) == [-1, 2])
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
