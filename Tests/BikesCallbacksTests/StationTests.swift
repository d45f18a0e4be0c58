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
}
