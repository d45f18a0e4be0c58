import BikeShare
import Dispatch
import Foundation
import TestSupport
import Testing

/// Overtaking on the real runtime (`RequestStamp`, the report's `overtaken`
/// and `largest_overtake`), in every era and mode: every visit's request is
/// counted once, a lone rider is never overtaken, and a request held back
/// by the probe is overtaken by one sent after it.
@Suite(.timeLimit(.minutes(1))) struct OvertakingContractTests {
  static let plenty = [StationRecord(id: "a", name: "A", freeBikes: 10, emptySlots: 10)]

  /// One rider, three paths, nobody waits: six visits, six requests (a racy
  /// visit's check and act are one request), none overtaken.
  @Test(arguments: Eras.all, Mode.both)
  func aLoneRidersRequestsReachInTheOrderSent(era: EraUnderTest, mode: Mode) async throws {
    let report = try await simulate(era.era, mode, stations: Self.plenty, riders: 1, paths: 3)
    #expect(report.requests == 6)
    #expect(report.overtaken == 0)
    #expect(report.largestOvertake == 0)
    #expect(report.stations.first?.requests == 6)
  }

  /// A's first request is held at its arrival (sent, not yet at the
  /// station) until B has finished; B's first request waits until A's is
  /// sent, so B's second is sent after A's and reaches the station first.
  @Test(arguments: Eras.all, Mode.both)
  func aRequestHeldBackIsOvertaken(era: EraUnderTest, mode: Mode) async throws {
    let hold = HoldTheFirst()
    let report = try await simulate(
      era.era, mode, stations: Self.plenty, riders: 2, paths: 1,
      probe: RaceProbe(pause: { await hold.pause($0) }, finished: hold.finished),
      blockingProbe: BlockingRaceProbe(pause: hold.pause, finished: hold.finished))
    #expect(hold.timedOut == false, "the probe waited 30 s for a rider that never came")
    #expect(report.requests == 4)
    // B's second request overtook A's first; B's first may have too.
    #expect((1...2).contains(report.overtaken ?? 0))
    #expect((report.largestOvertake ?? 0) >= 1)
    // The line is the safe run's: racy riders may count outside the protection.
    #expect(
      report.text.contains("reached a station after a later request, by up to") == (mode == .safe))
  }
}

/// The probe of `aRequestHeldBackIsOvertaken`. Semaphores with a deadline:
/// a rider that never comes fails the test instead of hanging it. The actors
/// era's probe waits on a thread of its own: off the cooperative pool, and
/// off the global queue's, which grows by a thread a second at most while
/// its threads are blocked (and other tests share it).
private final class HoldTheFirst: Sendable {
  private let aSent = DispatchSemaphore(value: 0)
  private let bDone = DispatchSemaphore(value: 0)
  private let arrived = Locked(Set<Int>())
  private let late = Locked(false)

  var timedOut: Bool { late.withLock { $0 } }

  func pause(_ stop: ProbeStop) {
    guard stop.point == .arrive, arrived.withLock({ $0.insert(stop.rider).inserted }) else {
      return
    }
    switch stop.rider {
    case 0:
      aSent.signal()
      wait(bDone)
    case 1: wait(aSent)
    default: break
    }
  }

  func pause(_ stop: ProbeStop) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        self.pause(stop)
        done.resume()
      }.start()
    }
  }

  func finished(_ rider: Int) { if rider == 1 { bDone.signal() } }

  private func wait(_ semaphore: DispatchSemaphore) {
    if semaphore.wait(timeout: .now() + 30) == .timedOut { late.withLock { $0 = true } }
  }
}
