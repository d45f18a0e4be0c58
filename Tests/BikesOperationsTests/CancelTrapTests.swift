import BikeShare
import Foundation
import TestSupport
import Testing

@testable import BikesOperations

/// `cancel-while-taking`'s fix holds wherever the call-off lands: before
/// the take looks (the hazard's own order), after the take has looked and
/// taken the bike (expert-review-4, M2: a fix that read the take's
/// `isCancelled` in the ride left the bike with nobody), and with the whole
/// trip cancelled then, as the era's call-off does (expert-review-5, M3: a
/// give-back in the ride never ran, the ride being cancelled). Each order
/// is forced by the case's semaphores, never left to timing.
@Suite(.timeLimit(.minutes(1))) struct CancelTrapTests {
  @Test(arguments: [
    OperationsEra.CallOffMoment.whileTaking, .afterTheTake, .tripAfterTheTake,
  ])
  func theFixStrandsNoBikeWheneverTheCallOffLands(moment: OperationsEra.CallOffMoment) async {
    let finish = await onAThread {
      OperationsEra.callOff(fixed: true, moment: moment, watch: HazardWatch())
    }
    #expect(finish.showed, "\(moment): \(finish.detail)")
    #expect(
      finish.detail
        == (moment == .whileTaking
          ? "saw cancel(): no take, no ride" : "the last step gave the bike back"))
  }

  @Test func theBrokenTakeRidesOffAfterCancel() async {
    let finish = await onAThread {
      OperationsEra.callOff(fixed: false, moment: .whileTaking, watch: HazardWatch())
    }
    #expect(finish.showed)
    #expect(finish.detail == "took the bike after cancel(); rode off")
  }
}
