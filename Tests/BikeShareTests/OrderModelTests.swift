import BikeShare
import TestSupport
import Testing

/// The order story's model, checked by hand where a hand can count: the
/// eras' counts will be checked against it (DESIGN.md, "Order").
@Suite struct OrderModelTests {
  /// One rider: A:ask A:take. Two, racy: A:ask A:take B:ask B:take,
  /// A:ask B:ask A:take B:take, and A:ask B:ask B:take A:take, where B got
  /// the bike though A asked first. Safe: the first two only.
  @Test func twoRidersAsCountedByHand() {
    #expect(OrderModel.explore(.racy, riders: 1) == .init(schedules: 1, forbidden: 0, outcomes: 1))
    #expect(OrderModel.explore(.racy, riders: 2) == .init(schedules: 3, forbidden: 1, outcomes: 2))
    #expect(OrderModel.explore(.safe, riders: 2) == .init(schedules: 2, forbidden: 0, outcomes: 1))
  }

  /// Safe never serves out of order, and always gives the bike to A; racy
  /// can give it to anyone.
  @Test(arguments: 1...4)
  func safeIsInOrderAndRacyIsNot(riders: Int) {
    let safe = OrderModel.explore(.safe, riders: riders)
    let racy = OrderModel.explore(.racy, riders: riders)
    #expect(safe.forbidden == 0)
    #expect(safe.outcomes == 1)
    #expect(racy.outcomes == riders)
    #expect(racy.schedules > safe.schedules || riders == 1)
    // Safe: the asks interleave with the in-order takes as the Catalan
    // numbers count (a take never passes its ask): 1, 2, 5, 14.
    #expect(safe.schedules == [1, 2, 5, 14][riders - 1])
  }
}
