import BikeShare
import TestSupport
import Testing

/// The wait story's model, checked by hand where a hand can count: the
/// eras' counts will be checked against it (DESIGN.md, "Waiting").
@Suite struct WaitModelTests {
  /// One rider, racy: `A:look A:wait V:dock A:look` (woken, it takes the
  /// bike), `V:dock A:look`, and `A:look V:dock A:wait`, where the dock
  /// came between the look and the wait: A sleeps beside the bike. Safe:
  /// `A:look V:dock` (handed the bike in the line) and `V:dock A:look`.
  @Test func oneRiderAsCountedByHand() {
    #expect(WaitModel.explore(.racy, riders: 1) == .init(schedules: 3, forbidden: 1, outcomes: 2))
    #expect(WaitModel.explore(.safe, riders: 1) == .init(schedules: 2, forbidden: 0, outcomes: 1))
  }

  /// Safe: every rider looks once and the van docks once a rider, in any
  /// interleaving (a handed bike needs no step): the riders' looks are
  /// told apart and the docks are not, (2n)! / n! schedules, and nobody
  /// sleeps at the end. Racy: any set of riders can be left asleep, all of
  /// them too (each looks, the van docks every bike to an empty line, each
  /// waits), so 2^n endings.
  @Test(arguments: 1...3)
  func safeNeverLeavesASleeperAndRacyCan(riders: Int) {
    let safe = WaitModel.explore(.safe, riders: riders)
    let racy = WaitModel.explore(.racy, riders: riders)
    #expect(safe == .init(schedules: [2, 12, 120][riders - 1], forbidden: 0, outcomes: 1))
    #expect(racy.forbidden > 0)
    #expect(racy.schedules > safe.schedules)
    #expect(racy.outcomes == 1 << riders)
  }
}
