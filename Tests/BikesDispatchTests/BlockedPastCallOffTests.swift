import BikeShare
import Testing

@testable import BikesDispatch

/// `blocked-past-call-off`'s fix holds whether a bike comes or not: with
/// none, the called-off rider goes home after a timed-out wait; with one
/// docked after `cancel()`, its wait succeeds, and the rider, reading
/// `isCancelled` after that wait too, gives the bike back (a fix that reads
/// it only after a timeout rode off on it).
@Suite(.timeLimit(.minutes(1))) struct BlockedPastCallOffTests {
  @Test(arguments: [DispatchEra.BikeMoment.noneComes, .oneAfterTheCallOff])
  func aCalledOffRiderGoesHomeWithoutABike(moment: DispatchEra.BikeMoment) {
    let finish = DispatchEra.waitForABike(timed: true, moment: moment, watch: HazardWatch())
    #expect(finish.showed, "\(moment): \(finish.detail)")
    #expect(
      finish.detail
        == (moment == .noneComes
          ? "A read isCancelled after a 10 ms wait and went home without a bike"
          : "a bike came after the call-off: A gave it back (1 at Rossio) and went home"))
  }
}
