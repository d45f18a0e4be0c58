import BikeShare
import Testing

/// The wait story's line on the real runtime (`stress --story wait`): each
/// rider's wait from its first join to its ride, and the wake-ups whose
/// bike went to another rider before the woken one looked again.
@Suite struct LineTimesTests {
  static let start = ContinuousClock.now

  static func at(_ micros: Int) -> ContinuousClock.Instant { start + .microseconds(micros) }

  static let now = StationCounts(freeBikes: 0, emptySlots: 3)

  /// Racy: A waits, is woken, B takes the bike first, A joins again and is
  /// woken again and rides: one wait of 50 µs from A's first join, two
  /// wake-ups, one of them barged.
  @Test func aWokenRiderWhoseBikeWentToAnotherWaitedFromItsFirstJoin() {
    let times = LineTimes([
      (.sawNoBike(rider: 0, station: "Rossio"), Self.at(0)),
      (.joinedLine(rider: 0, station: "Rossio"), Self.at(10)),
      (.woken(rider: 0, station: "Rossio"), Self.at(20)),
      (.tookBike(rider: 1, station: "Rossio", now: Self.now), Self.at(25)),
      (.sawNoBike(rider: 0, station: "Rossio"), Self.at(30)),
      (.joinedLine(rider: 0, station: "Rossio"), Self.at(40)),
      (.woken(rider: 0, station: "Rossio"), Self.at(50)),
      (.tookBike(rider: 0, station: "Rossio", now: Self.now), Self.at(60)),
    ])
    #expect(times.waits == [.microseconds(50)])
    #expect(times.woken == 2 && times.taken == 1 && times.handed == 0)
    #expect(
      times.lines == [
        "in the line: 1 riders rode after waiting, median 50 µs, longest 50 µs",
        "woken 2 times; the bike docked for the woken rider went to another in 1 (50.00 %)",
      ])
  }

  /// Safe: each rider in the line is handed its bike; nobody is woken.
  @Test func aHandOffWakesNobody() {
    var times = LineTimes([
      (.joinedLine(rider: 0, station: "Rossio"), Self.at(0)),
      (.joinedLine(rider: 1, station: "Rossio"), Self.at(5)),
      (.handed(rider: 0, station: "Rossio"), Self.at(1500)),
      (.handed(rider: 1, station: "Rossio"), Self.at(2005)),
    ])
    times.add(LineTimes())
    #expect(times.waits == [.microseconds(1500), .microseconds(2000)])
    #expect(times.medianAndLongest.median == 2000 && times.medianAndLongest.longest == 2000)
    #expect(
      times.lines.last == "handed the bike in the line 2 times; no rider was woken to look again")
    #expect(times.json["handed"] as? Int == 2 && times.json["taken_from_woken"] as? Int == 0)
  }
}
