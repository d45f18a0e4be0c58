import Foundation
import Synchronization
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

  /// Safe moves from four threads at once on one station with one dock in
  /// play. Taking first (one bike, one slot): takes contend. Leaving first
  /// (each thread brings a bike, one empty slot): a thread that docks takes
  /// a bike back before the slot is free again, so only leaves contend, and
  /// a split leave docks two bikes in one slot. The end counts alone would
  /// not catch a split check-and-act (a −1 undone by the next dock), so the
  /// audit's lowest and highest are asserted too.
  ///
  /// A lock's release and the same thread's next acquisition are nanoseconds
  /// apart, so a split that takes the lock twice showed in no run without
  /// help (the mutant that survived turn 6). The counters here are the lock's
  /// own behind a probe: after each release, the thread waits until another
  /// thread has been through the lock (a hundred yields at most), as the
  /// scripted gate lets another rider through between two steps, after a
  /// read as after an update. One safe update cannot be split by it; two
  /// accesses are. (With `leaveBike()`'s check and act under two
  /// acquisitions, the leaving case failed for every lock in 5 runs of 5;
  /// with a protected read of the counters, then a protected update, as
  /// a mutant that survived the earlier probe did, every case of every lock failed,
  /// where the probe after updates alone let it pass.)
  // One case at a time: each case's four threads yield to each other, and
  // ten cases at once would yield to forty.
  @Test(.serialized, arguments: LockKind.allCases, [Want.bike, .emptySlot])
  func manyThreadsAtOneDockNeverLeaveTheRange(lock: LockKind, first: Want) {
    let dock = OneDock(first: first)
    let (then, record, audit) = (dock.then, dock.record, dock.audit())
    let station = Station(
      record, audit: audit,
      counters: TakingTurns(Station.counters(record.counts, mode: .safe, lock: lock)))
    @Sendable func move(_ want: Want) -> Bool {
      (want == .bike ? station.takeBike() : station.leaveBike()) != nil
    }
    // 4 threads × 1,000 attempts each: every bike moved is moved back. The
    // loops are bounded, so a broken lock (lost updates) fails instead of hanging.
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<1_000 where move(first) {
        for _ in 0..<1_000 where move(then) { break }
      }
    }
    dock.expectHeld(end: station.counts, audit: audit)
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

/// A lock's counters behind the probe between two acquisitions
/// (`AccessTurns`): after each protected access, a read or an update,
/// another thread goes through the lock before this one goes on. A safe
/// step split into a protected read and a protected update, or into two
/// updates, is split by it either way.
final class TakingTurns: Counters {
  let inner: any Counters
  private let turns = AccessTurns()

  init(_ inner: any Counters) { self.inner = inner }

  var counts: StationCounts {
    let counts = inner.counts
    turns.take()
    return counts
  }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    let result = inner.update(change)
    turns.take()
    return result
  }

  func removeBike(after window: () -> Void) -> StationCounts { inner.removeBike(after: window) }
  func addBike(after window: () -> Void) -> StationCounts { inner.addBike(after: window) }
}
