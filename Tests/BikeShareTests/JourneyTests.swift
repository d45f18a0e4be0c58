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
