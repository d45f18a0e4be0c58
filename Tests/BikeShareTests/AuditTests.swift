import Dispatch
import Foundation
import Synchronization
import Testing

@testable import BikeShare

@Suite struct AuditTests {
  static let station = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 1)

  static func audit(_ history: [(Int, Int)]) -> StationAudit {
    let audit = StationAudit(station)
    for (free, empty) in history {
      audit.observe(StationCounts(freeBikes: free, emptySlots: empty))
    }
    return audit
  }

  @Test func cleanHistoryHasNoViolation() {
    let audit = Self.audit([(0, 2), (1, 1), (2, 0), (1, 1)])
    #expect(audit.violations.isEmpty)
    #expect(audit.lowest == StationCounts(freeBikes: 0, emptySlots: 0))
    #expect(audit.highest == StationCounts(freeBikes: 2, emptySlots: 2))
  }

  @Test func transientNegativeIsCaughtEvenWhenUndoneLater() {
    // Two riders took the one bike; a third rider then brought one back.
    let audit = Self.audit([(0, 2), (-1, 3), (0, 2)])
    #expect(
      audit.violations == [
        Violation(station: Self.station, counter: .freeBikes, value: -1),
        Violation(station: Self.station, counter: .emptySlots, value: 3),
      ])
  }

  @Test func aboveCapacityIsAViolation() {
    let audit = Self.audit([(2, 0), (3, -1), (2, 0)])
    #expect(
      audit.violations == [
        Violation(station: Self.station, counter: .freeBikes, value: 3),
        Violation(station: Self.station, counter: .emptySlots, value: -1),
      ])
  }

  @Test func concurrentObservationsKeepTheExtremes() async {
    let audit = StationAudit(StationRecord(id: "s", name: "S", freeBikes: 0, emptySlots: 1000))
    await withTaskGroup(of: Void.self) { group in
      for value in 0..<1000 {
        group.addTask { audit.observe(StationCounts(freeBikes: value, emptySlots: 1000 - value)) }
      }
    }
    #expect(audit.highest.freeBikes == 999)
    #expect(audit.lowest.emptySlots == 1)
  }

  /// Rounds on a fresh audit each, threads started together (spinning,
  /// yielding the core, until all have arrived), and counted as contended
  /// only if some thread saw another take steps while it took its own.
  final class Rounds: Sendable {
    let threads: Int
    private let arrived = Atomic(0)
    /// Steps taken by every thread together.
    let steps = Atomic(0)
    /// The round after which every thread stops (decided before a round starts).
    private let last = Atomic(Int.max)
    let contended = Atomic(0)

    init(threads: Int) { self.threads = threads }

    /// Waits for every thread at `round`; false once the rounds are over.
    /// A thread that decides to stop says so before it arrives, so every
    /// thread sees it once the round starts.
    func start(_ round: Int, stop: Bool) -> Bool {
      if stop { last.min(round, ordering: .sequentiallyConsistent) }
      arrived.add(1, ordering: .sequentiallyConsistent)
      while arrived.load(ordering: .sequentiallyConsistent) < (round + 1) * threads {
        sched_yield()
      }
      return round < last.load(ordering: .sequentiallyConsistent)
    }

  }

  /// The audit under the contention it exists for: threads lowering and
  /// raising all four counters of one station at once. Each round starts
  /// the threads together on a fresh audit; each thread observes 64 values
  /// in turn with the others (thread `t` observes `t + 1`, `t + 1 + threads`,
  /// ...), each as a low and as a high, so the extremes are `±64 × threads`
  /// and whoever holds them raced the others to record them. A correct
  /// audit records them in every round. The rounds go on until 10,000 of
  /// them were contended (another thread stepped while thread 0 took its
  /// steps), or 30 s: on a loaded machine threads take turns instead of
  /// running together, and a round without contention tests nothing.
  /// Why 10,000: an audit that gives up after one failed compare-exchange
  /// lost an extreme in 0.4 % to 14 % of contended rounds (10 runs on two
  /// cores, alone and inside the whole suite, breaking `lower`, then
  /// `raise`), so 10,000 contended rounds miss it with a probability below
  /// 0.996^10000, about 4e-18.
  // NB: in `StationAudit.lower` (or `raise`), `return` after a failed
  // compare-exchange instead of trying again, and this fails.
  @Test(.timeLimit(.minutes(1)))
  func contendedObservationsKeepTheTrueExtremesInEveryRound() async {
    let threads = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
    let goal = 10_000
    let values = 64
    let audits = (0..<200_000).map { _ in
      StationAudit(StationRecord(id: "s", name: "S", freeBikes: 0, emptySlots: 0))
    }
    let rounds = Rounds(threads: threads)
    let started = ContinuousClock.now
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      Thread {
        for (round, audit) in audits.enumerated() {
          let over =
            rounds.contended.load(ordering: .relaxed) >= goal
            || ContinuousClock.now - started > .seconds(30) || round == audits.count - 1
          guard rounds.start(round, stop: over) else { break }
          let before = rounds.steps.load(ordering: .relaxed)
          for step in 0..<values {
            let value = step * threads + thread + 1
            audit.observe(StationCounts(freeBikes: -value, emptySlots: value))
            audit.observe(StationCounts(freeBikes: value, emptySlots: -value))
            rounds.steps.add(1, ordering: .relaxed)
          }
          // Thread 0 counts the round if others stepped while it took its own steps.
          if thread == 0, rounds.steps.load(ordering: .relaxed) - before > values {
            rounds.contended.add(1, ordering: .relaxed)
          }
        }
        done.leave()
      }.start()
    }
    await withCheckedContinuation { continuation in
      done.notify(queue: .global()) { continuation.resume() }
    }
    let top = values * threads
    let wrong = audits.enumerated().filter { _, audit in
      audit.highest != StationCounts(freeBikes: 0, emptySlots: 0)
        && (audit.lowest != StationCounts(freeBikes: -top, emptySlots: -top)
          || audit.highest != StationCounts(freeBikes: top, emptySlots: top))
    }
    let played = audits.filter { $0.highest != StationCounts(freeBikes: 0, emptySlots: 0) }.count
    let first = wrong.first.map { round, audit in
      "round \(round): lowest \(audit.lowest), highest \(audit.highest), expected ∓\(top)"
    }
    #expect(
      wrong.isEmpty,
      "\(wrong.count) of \(played) rounds lost an extreme; the first: \(first ?? "")")
    #expect(
      rounds.contended.load(ordering: .relaxed) >= goal,
      "only \(rounds.contended.load(ordering: .relaxed)) of \(played) rounds were contended in 30 s"
    )
  }

  @Test func reportChecksConservationIncludingBikesBeingRidden() throws {
    let city = City(id: "c", name: "C", stations: [Self.station])
    var configuration = Configuration()
    configuration.stationCount = 1
    let selection = try Selection(city: city, configuration: configuration)
    let simulation = Simulation(
      mode: .racy, configuration: configuration, selection: selection, log: .none)
    var riding = RiderResult()
    riding.holdsBike = true
    let kept = RunReport(
      era: .callbacks, simulation: simulation,
      outcome: RunOutcome(riders: [riding], stations: [StationCounts(freeBikes: 0, emptySlots: 2)]),
      interrupted: true, wallSeconds: 0)
    #expect(kept.conserved)
    #expect(kept.bikesAtEnd == 1)
    let lost = RunReport(
      era: .callbacks, simulation: simulation,
      outcome: RunOutcome(
        riders: [RiderResult()], stations: [StationCounts(freeBikes: 0, emptySlots: 2)]),
      interrupted: false, wallSeconds: 0)
    #expect(!lost.conserved)
    #expect(lost.hasViolations)
  }
}
