import Testing

@testable import BikeShare

/// `--log` prints a station's lines in the station's own order of changes.
@Suite struct StationOrderTests {
  static func take(_ rider: Int, at station: String = "S", free: Int, change: Int) -> Event {
    .tookBike(
      rider: rider, station: station,
      now: StationCounts(freeBikes: free, emptySlots: 3 - free, change: change))
  }

  @Test func aLineThatArrivesEarlyWaitsForTheChangesBeforeIt() {
    var order = StationOrder()
    let first = Self.take(1, free: 2, change: 1)
    let second = Self.take(2, free: 1, change: 2)
    let third = Self.take(3, free: 0, change: 3)
    #expect(order.release(second).isEmpty)
    #expect(order.release(third).isEmpty)
    #expect(order.release(first) == [first, second, third])
  }

  @Test func stationsAreOrderedApartAndOtherEventsPassAtOnce() {
    var order = StationOrder()
    let check = Event.checked(rider: 1, station: "S", counter: .freeBikes, value: 1)
    #expect(order.release(Self.take(1, at: "S", free: 1, change: 2)).isEmpty)
    #expect(order.release(check) == [check])
    let other = Self.take(2, at: "T", free: 2, change: 1)
    #expect(order.release(other) == [other])
  }

  @Test func aRepeatedChangeNumberFromALostUpdatePrintsAtOnce() {
    var order = StationOrder()
    let first = Self.take(1, free: 2, change: 1)
    let lost = Self.take(2, free: 2, change: 1)
    #expect(order.release(first) == [first])
    #expect(order.release(lost) == [lost])
  }

  @Test func finishPrintsWhatAGapHeldBackAndStartsAgain() {
    var order = StationOrder()
    let late = Self.take(1, free: 1, change: 2)
    #expect(order.release(late).isEmpty)
    #expect(order.drain() == [late])
    let first = Self.take(2, free: 2, change: 1)
    #expect(order.release(first) == [first])
  }

  @Test func aGapThatNeverFillsHoldsAtMostALimitedNumberOfLines() {
    var order = StationOrder()
    var printed: [Event] = []
    for change in 2...(StationOrder.mostHeld + 2) {
      printed += order.release(Self.take(1, free: 0, change: change))
    }
    #expect(printed.count == StationOrder.mostHeld + 1)
    let next = Self.take(1, free: 0, change: StationOrder.mostHeld + 3)
    #expect(order.release(next) == [next])
  }

  @Test func aLineWhereACounterLeavesItsRangeIsMarked() {
    let log = EventLog(.memory)
    #expect(
      log.format(Self.take(1, free: -1, change: 4)).hasSuffix(": free -1, empty 4  ← free -1"))
    let full = Event.leftBike(
      rider: 0, station: "S", now: StationCounts(freeBikes: 4, emptySlots: -1))
    #expect(log.format(full).hasSuffix("  ← empty -1"))
    #expect(!log.format(Self.take(1, free: 0, change: 1)).contains("←"))
  }

  @Test func countsCountTheirChangesButCompareByValue() {
    let start = StationCounts(freeBikes: 1, emptySlots: 1)
    let taken = start.removingBike()
    #expect(taken.change == 1)
    #expect(taken.addingBike().change == 2)
    #expect(taken.addingBike() == start)
  }
}
