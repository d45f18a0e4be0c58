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

  @Test(arguments: LockKind.allCases)
  func manyThreadsTakingAndLeavingKeepTheCountsExact(lock: LockKind) {
    let station = Self.station(lock)
    // 2 × 2,000 safe moves from many threads: every bike taken is left again.
    DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
      while station.takeBike() == nil {}
      while station.leaveBike() == nil {}
    }
    #expect(station.counts == StationCounts(freeBikes: 1, emptySlots: 1))
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
