import BikeShare
import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import BikesCallbacks

@Suite(.timeLimit(.minutes(3))) struct CallbacksStationTests {
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

  /// Safe takes and leaves from four riders at once on one station with one
  /// dock in play. Taking first (one bike, one slot): takes contend. Leaving
  /// first (each rider brings a bike, one empty slot): only leaves contend,
  /// and a split leave docks two bikes in one slot. The end counts alone
  /// would not catch a split check-and-act (a −1 undone by the next dock), so
  /// the audit's lowest and highest are asserted. (With `takeBike`'s check
  /// and act in two blocks on the station's queue, the taking case failed in
  /// 20 of 20 runs.)
  @Test(arguments: [Want.bike, .emptySlot])
  func manyRidersAtOneDockNeverLeaveTheRange(first: Want) async {
    let dock = OneDock(first: first)
    let (then, record, audit) = (dock.then, dock.record, dock.audit())
    let station = Station(record, audit: audit)
    @Sendable func move(_ want: Want) async -> Bool {
      await withCheckedContinuation { continuation in
        let answer: @Sendable (StationCounts?) -> Void = {
          continuation.resume(returning: $0 != nil)
        }
        if want == .bike {
          station.takeBike(on: Self.queue, completion: answer)
        } else {
          station.leaveBike(on: Self.queue, completion: answer)
        }
      }
    }
    // Bounded loops: a broken fix fails instead of hanging.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<2_000 where await move(first) {
            for _ in 0..<1_000 where await move(then) { break }
          }
        }
      }
    }
    let end = await station.counts()
    dock.expectHeld(end: end, audit: audit)
  }
}
