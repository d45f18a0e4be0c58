import Testing

@testable import BikeShare

@Suite struct JourneyTests {
  @Test func riderStartsOnFootAndAlternatesWantsOnSuccess() {
    var journey = Journey(rider: 0, seed: 1, stationCount: 3, paths: 2, goal: nil)
    #expect(journey.wants == .bike)
    _ = journey.pickStation()
    #expect(journey.record(true) == .leg(.normal))
    #expect(journey.wants == .emptySlot)
    #expect(journey.result.holdsBike)
    _ = journey.pickStation()
    #expect(journey.record(true) == .leg(.normal))
    #expect(journey.result.paths == 1)
    #expect(journey.wants == .bike)
  }

  @Test func aRefusalIsAWaitingLegAndKeepsTheWant() {
    var journey = Journey(rider: 0, seed: 1, stationCount: 3, paths: 2, goal: nil)
    _ = journey.pickStation()
    #expect(journey.record(false) == .leg(.waiting))
    #expect(journey.wants == .bike)
    #expect(journey.result.waitingLegs == 1)
    #expect(journey.result.normalLegs == 0)
  }

  @Test func journeyEndsAfterTheLastPathWithoutAnotherLeg() {
    var journey = Journey(rider: 0, seed: 1, stationCount: 3, paths: 1, goal: nil)
    _ = journey.pickStation()
    _ = journey.record(true)
    _ = journey.pickStation()
    #expect(journey.record(true) == .over)
    #expect(journey.isOver)
    #expect(journey.result.normalLegs == 1)
    #expect(!journey.result.holdsBike)
  }

  @Test func leavingABikeAtTheGoalEndsTheJourney() {
    // One station, and it is the goal: the first bike left there ends the ride.
    var journey = Journey(rider: 0, seed: 1, stationCount: 1, paths: 10, goal: 0)
    _ = journey.pickStation()
    _ = journey.record(true)
    _ = journey.pickStation()
    #expect(journey.record(true) == .over)
    #expect(journey.result.reachedGoal)
    #expect(journey.result.paths == 1)
  }

  @Test func takingABikeAtTheGoalDoesNotCount() {
    var journey = Journey(rider: 0, seed: 1, stationCount: 1, paths: 10, goal: 0)
    _ = journey.pickStation()
    #expect(journey.record(true) == .leg(.normal))
    #expect(!journey.result.reachedGoal)
  }
}

@Suite struct PatienceTests {
  /// A bug that never lets a rider on (lost updates, a broken exercise) ends
  /// the run; safe mode never gives up, however long the wait.
  @Test func aRiderOfABuggyModeGivesUpAfterItsPatienceASafeOneNever() {
    var buggy = Journey(rider: 0, seed: 1, stationCount: 1, paths: 1, goal: nil, givesUp: true)
    var safe = Journey(rider: 0, seed: 1, stationCount: 1, paths: 1, goal: nil)
    for visit in 1...Journey.patience {
      _ = buggy.pickStation()
      _ = safe.pickStation()
      let next = buggy.record(false)
      #expect(next == (visit == Journey.patience ? .over : .leg(.waiting)))
      #expect(safe.record(false) == .leg(.waiting))
    }
    #expect(buggy.result.gaveUp)
    #expect(!safe.result.gaveUp)
  }

  @Test func aSuccessResetsTheCount() {
    var journey = Journey(rider: 0, seed: 1, stationCount: 1, paths: 5, goal: nil, givesUp: true)
    for _ in 1..<Journey.patience {
      _ = journey.pickStation()
      _ = journey.record(false)
    }
    _ = journey.pickStation()
    #expect(journey.record(true) == .leg(.normal))
    _ = journey.pickStation()
    #expect(journey.record(false) == .leg(.waiting))
    #expect(!journey.result.gaveUp)
  }
}
