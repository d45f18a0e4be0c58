import BikeShare
import Testing

@testable import BikesActors

// Exercise 05-4 (chapter 05): a move between two stations.
//
// Write `move` below: take a bike at `from`, call `pause()`, then leave the
// bike at `to` (and give it back to `from` if `to` has no empty slot).
// Then delete the `.disabled` trait and run
// `swift test --filter aMoveHalfDoneIsSeenByOthers`.

/// Your move. Returns whether the bike reached `to`.
func move(from: Station, to: Station, pause: @Sendable () async -> Void) async -> Bool {
  false  // write the move here
}

@Suite(.timeLimit(.minutes(1))) struct Exercise05Tests {
  @Test(.disabled("exercise 05-4: write move(from:to:pause:) first, then delete this trait"))
  func aMoveHalfDoneIsSeenByOthers() async throws {
    let here = Station(
      StationRecord(id: "a", name: "A", freeBikes: 1, emptySlots: 1),
      audit: StationAudit(StationRecord(id: "a", name: "A", freeBikes: 1, emptySlots: 1)))
    let there = Station(
      StationRecord(id: "b", name: "B", freeBikes: 0, emptySlots: 1),
      audit: StationAudit(StationRecord(id: "b", name: "B", freeBikes: 0, emptySlots: 1)))
    let (paused, arrived) = AsyncStream.makeStream(of: Void.self)
    let (released, resume) = AsyncStream.makeStream(of: Void.self)
    let moving = Task {
      let moved = await move(from: here, to: there) {
        arrived.yield()  // the probe inside the move: hold it here
        for await _ in released { return }
      }
      arrived.finish()  // a move that never paused ends the wait below
      return moved
    }
    var stops = paused.makeAsyncIterator()
    let reachedThePause = await stops.next() != nil
    try #require(reachedThePause, "move never called pause()")
    // Another rider looks now, while the move is suspended.
    let inTransit = await here.counts.freeBikes + there.counts.freeBikes
    resume.yield()
    resume.finish()
    #expect(await moving.value, "the bike should reach B: it has an empty slot")
    #expect(await there.counts.freeBikes == 1)
    // What another rider sees during the suspension (answer 05-4 says why).
    #expect(inTransit == 0)
  }
}
