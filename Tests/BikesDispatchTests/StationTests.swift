import Foundation
import TestSupport
import Testing

@testable import BikeShare
@testable import BikesDispatch

@Suite(.timeLimit(.minutes(3))) struct DispatchStationTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 1)

  static func station(_ lock: LockKind, mode: Mode = .safe) -> Station {
    Station(Self.record, audit: StationAudit(Self.record), mode: mode, lock: lock)
  }

  @Test(arguments: LockKind.allCases)
  func everyLockBehavesTheSame(lock: LockKind) {
    let station = Self.station(lock)
    #expect(station.freeBikes == 1)
    #expect(station.takeBike() == StationCounts(freeBikes: 0, emptySlots: 2))
    #expect(station.takeBike() == nil)
    #expect(station.removeBike(after: {}) == StationCounts(freeBikes: -1, emptySlots: 3))
    #expect(station.leaveBike() == StationCounts(freeBikes: 0, emptySlots: 2))
    #expect(station.addBike(after: {}) == StationCounts(freeBikes: 1, emptySlots: 1))
    #expect(station.counts == StationCounts(freeBikes: 1, emptySlots: 1))
    #expect(station.emptySlots == 1)
  }

  /// Safe moves from several threads at once on one bike and one slot. The
  /// end counts alone would not catch a split check-and-act (a −1 undone by
  /// the next dock), so the audit's lowest and highest are asserted too.
  @Test(arguments: LockKind.allCases)
  func manyThreadsTakingAndLeavingNeverLeaveTheRange(lock: LockKind) {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit, mode: .safe, lock: lock)
    // 4 threads × 5,000 attempts each: every bike taken is left again. The
    // loops are bounded, so a broken lock (lost updates) fails instead of hanging.
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<5_000 where station.takeBike() != nil {
        for _ in 0..<1_000 where station.leaveBike() != nil { break }
      }
    }
    #expect(station.counts == StationCounts(freeBikes: 1, emptySlots: 1))
    #expect(audit.violations.isEmpty, "\(audit.violations)")
    // One bike: it is in its dock (free 1, empty 1) or ridden (free 0, empty 2).
    #expect(audit.lowest == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(audit.highest == StationCounts(freeBikes: 1, emptySlots: 2))
  }

  @Test func theRaceWindowComesBeforeTheLockedActAndInsideTheUnsynchronizedOne() {
    // Another rider docks a bike while this one is in the window.
    let locked = Self.station(.mutex, mode: .racy)
    #expect(
      locked.addBike(after: { _ = locked.addBike(after: {}) })
        == StationCounts(freeBikes: 3, emptySlots: -1))
    let unsynchronized = Self.station(.mutex, mode: .unsynchronized)
    #expect(
      unsynchronized.addBike(after: { _ = unsynchronized.addBike(after: {}) })
        == StationCounts(freeBikes: 2, emptySlots: 0))  // one update lost
  }

  @Test func theUnsynchronizedModeIsDeclaredByThisEra() {
    #expect(DispatchEra.info.ownModes.map(\.mode) == [.unsynchronized])
  }
}
