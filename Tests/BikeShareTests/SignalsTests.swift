import BikeShare
import Dispatch
import Foundation
import Synchronization
import Testing

/// The relay behind Ctrl-C, driven with SIGUSR1 so that the test process's
/// own SIGINT (and the eras run in-process by other suites) stay untouched.
/// Serialized: the signal is process-wide.
@Suite(.serialized) struct SignalsTests {
  /// Counts the calls of one handler and lets the test wait for the next one.
  final class Calls: Sendable {
    private let count = Atomic<Int>(0)
    private let arrived = DispatchSemaphore(value: 0)

    var handler: @Sendable () -> Void {
      { [self] in
        count.add(1, ordering: .sequentiallyConsistent)
        arrived.signal()
      }
    }
    var total: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Waits for a call; the limit only turns a lost signal into a failure instead of a hang.
    func waitForOne() -> Bool { arrived.wait(timeout: .now() + 30) == .success }
  }

  @Test func aSignalSentTheMomentObserveReturnsIsHandled() {
    // A Dispatch signal source registers later, and lost such signals.
    for _ in 1...20 {
      let calls = Calls()
      let observation = Signals.observe(SIGUSR1, calls.handler)
      kill(getpid(), SIGUSR1)
      let handled = calls.waitForOne()
      observation.cancel()
      #expect(handled)
      if !handled { break }
    }
  }

  @Test func everySignalIsOneCall() {
    let calls = Calls()
    let observation = Signals.observe(SIGUSR1, calls.handler)
    defer { observation.cancel() }
    for _ in 1...3 {
      kill(getpid(), SIGUSR1)
      #expect(calls.waitForOne())
    }
    #expect(calls.total == 3)
  }

  @Test func aLaterObservationTakesOverAndSurvivesTheEarlierOnesCancel() {
    let earlier = Calls()
    let later = Calls()
    let first = Signals.observe(SIGUSR1, earlier.handler)
    let second = Signals.observe(SIGUSR1, later.handler)
    defer { second.cancel() }
    first.cancel()
    kill(getpid(), SIGUSR1)
    #expect(later.waitForOne())
    #expect(later.total == 1)
    #expect(earlier.total == 0)
  }
}
