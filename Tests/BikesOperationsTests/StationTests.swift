import BikeShare
import Foundation
import Testing

@testable import BikesOperations

@Suite(.timeLimit(.minutes(3))) struct OperationsStationTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  /// Runs `body` as an operation on the station's queue, where its counters live.
  func onQueue<T: Sendable>(_ station: Station, _ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      station.queue.addOperation { continuation.resume(returning: body()) }
    }
  }

  @Test func takeBikeChecksRemoveBikeDoesNotAndTheAuditSeesIt() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    #expect(
      await onQueue(station) { station.takeBike() } == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(await onQueue(station) { station.takeBike() } == nil)
    #expect(
      await onQueue(station) { station.removeBike() } == StationCounts(freeBikes: -1, emptySlots: 2)
    )
    #expect(
      await onQueue(station) { station.leaveBike() } == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(
      await onQueue(station) { station.addBike() } == StationCounts(freeBikes: 1, emptySlots: 0))
    #expect(station.countsAfterRun == StationCounts(freeBikes: 1, emptySlots: 0))
    #expect(audit.violations.map(\.value) == [-1, 2])
  }
}
