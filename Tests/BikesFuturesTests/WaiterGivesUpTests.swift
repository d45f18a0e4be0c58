import BikeShare
import Foundation
import TestSupport
import Testing

@testable import BikesFutures

/// `waiter-gives-up`'s fix holds whenever the rider gives up: before
/// Rossio's work looks (the hazard's own order) and after the work has taken
/// the bike, before it answers (expert-review-4, M2: a fix that read the
/// trip's `isCancelled` before taking left the bike with a rider who had
/// gone). Each order is forced by the case's semaphores.
@Suite(.timeLimit(.minutes(1))) struct WaiterGivesUpTests {
  @Test(arguments: [FuturesEra.GiveUpMoment.beforeTheWorkLooks, .afterTheTake])
  func theFixStrandsNoBikeWheneverTheRiderGivesUp(moment: FuturesEra.GiveUpMoment) async {
    let finish = await onAThread {
      FuturesEra.giveUp(fixed: true, moment: moment, watch: HazardWatch())
    }
    #expect(finish.showed, "\(moment): \(finish.detail)")
    #expect(finish.detail == "gave up; the work gave the bike back")
  }

  @Test func theBrokenWorkTakesTheBikeAnyway() async {
    let finish = await onAThread {
      FuturesEra.giveUp(fixed: false, moment: .beforeTheWorkLooks, watch: HazardWatch())
    }
    #expect(finish.showed)
    #expect(finish.detail == "gave up; the work took the bike anyway")
  }

  /// `finish` says whether its result is the future's: the one fact the
  /// work needs to know whether to give the bike back.
  @Test func finishSaysWhetherItsResultWasTaken() {
    let future = Future<Bool, any Error>.byHand { _ in }
    future.cancel()
    #expect(!future.finish(true))
    let other = Future<Bool, any Error>.byHand { _ in }
    #expect(other.finish(true))
    #expect(!other.finish(false))
  }
}
