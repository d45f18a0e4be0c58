import BikeShare
import Testing

@testable import BikesCallbacks

/// `deadline-and-answer`'s fix holds whichever reaches the rider first: the
/// deadline (the hazard's own order: the late bike goes back to Rossio) or
/// Rossio's answer (the rider rides; the deadline, firing after, resumes
/// nothing). Each order is forced by the case's semaphores, never timed.
@Suite(.timeLimit(.minutes(1))) struct DeadlineTrapTests {
  @Test(arguments: [CallbacksEra.DeadlineMoment.deadlineFirst, .answerFirst])
  func theFirstWinsWhicheverComesFirst(moment: CallbacksEra.DeadlineMoment) async {
    let finish = await CallbacksEra.rent(firstWins: true, moment: moment, watch: HazardWatch())
    #expect(finish.showed, "\(moment): \(finish.detail)")
    #expect(
      finish.detail
        == (moment == .deadlineFirst
          ? "the deadline first: the rider timed out, Rossio has 1 of 1"
          : "the answer first: the rider got a bike, Rossio has 0 of 1"))
  }
}
