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

  /// Safe takes and leaves from four riders at once on one bike and one slot.
  /// The end counts alone would not catch a split check-and-act (a −1 undone
  /// by the next dock), so the audit's lowest and highest are asserted.
  /// (With `takeBike`'s check and act in two blocks on the station's queue,
  /// this failed in 20 of 20 runs.)
  @Test func manyRidersTakingAndLeavingNeverLeaveTheRange() async {
    let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 1)
    let audit = StationAudit(record)
    let station = Station(record, audit: audit)
    @Sendable func leave() async -> StationCounts? {
      await withCheckedContinuation { continuation in
        station.leaveBike(on: Self.queue) { continuation.resume(returning: $0) }
      }
    }
    // Bounded loops: a broken fix fails instead of hanging.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<2_000 where await station.takeBike() != nil {
            for _ in 0..<1_000 where await leave() != nil { break }
          }
        }
      }
    }
    #expect(audit.violations.isEmpty, "\(audit.violations)")
    // One bike: in its dock (free 1, empty 1) or ridden (free 0, empty 2).
    #expect(audit.lowest == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(audit.highest == StationCounts(freeBikes: 1, emptySlots: 2))
  }
}
