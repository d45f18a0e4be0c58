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
  /// when another thread stepped while thread 0 took its own steps.
  final class Rounds: Sendable {
    let threads: Int
    private let arrived = Atomic(0)
    /// Steps taken by every thread together.
    let steps = Atomic(0)
    let contended = Atomic(0)

    init(threads: Int) { self.threads = threads }

    func start(_ round: Int) {
      arrived.add(1, ordering: .sequentiallyConsistent)
      while arrived.load(ordering: .sequentiallyConsistent) < (round + 1) * threads {
        sched_yield()
      }
    }

    /// Every thread observes its values on each audit in turn, round by round.
    func play(_ audits: [StationAudit], values: Int) async {
      let done = DispatchGroup()
      for thread in 0..<threads {
        done.enter()
        Thread { [self] in
          for (round, audit) in audits.enumerated() {
            start(round)
            let before = steps.load(ordering: .relaxed)
            for step in 0..<values {
              let value = step * threads + thread + 1
              audit.observe(StationCounts(freeBikes: -value, emptySlots: value))
              audit.observe(StationCounts(freeBikes: value, emptySlots: -value))
              steps.add(1, ordering: .relaxed)
            }
            if thread == 0, steps.load(ordering: .relaxed) - before > values {
              contended.add(1, ordering: .relaxed)
            }
          }
          done.leave()
        }.start()
      }
      await withCheckedContinuation { continuation in
        done.notify(queue: .global()) { continuation.resume() }
      }
    }
  }

  /// The audit under the contention it exists for: threads lowering and
  /// raising all four counters of one station at once. Each round starts
  /// the threads together on a fresh audit; each thread observes 64 values
  /// in turn with the others (thread `t` observes `t + 1`, `t + 1 + threads`,
  /// ...), each as a low and as a high, so the extremes are `±64 × threads`
  /// and whoever holds them raced the others to record them. A correct
  /// audit records them in every round. Batches of 5,000 rounds go on until
  /// 5,000 rounds were contended (another thread stepped while thread 0
  /// took its steps), or 45 s: on a loaded machine threads take turns
  /// instead of running together, and a round without contention tests
  /// nothing (inside the whole suite here, 5,000 contended rounds took 3 to
  /// 14 s; alone, 0.1 s). Why 5,000: an audit that gives up after one failed
  /// compare-exchange lost an extreme in 0.4 % to 14 % of contended rounds
  /// (10 runs on two cores, alone and inside the whole suite, breaking
  /// `lower`, then `raise`), so 5,000 contended rounds miss it with a
  /// probability below 0.996^5000, about 2e-9.
  // NB: in `StationAudit.lower` (or `raise`), `return` after a failed
  // compare-exchange instead of trying again, and this fails.
  @Test(.timeLimit(.minutes(1)))
  func contendedObservationsKeepTheTrueExtremesInEveryRound() async {
    let threads = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
    let (goal, values, batch) = (5_000, 64, 5_000)
    let top = values * threads
    let started = ContinuousClock.now
    var (played, contended) = (0, 0)
    var wrong: [String] = []
    while contended < goal, ContinuousClock.now - started < .seconds(45) {
      let audits = (0..<batch).map { _ in
        StationAudit(StationRecord(id: "s", name: "S", freeBikes: 0, emptySlots: 0))
      }
      let rounds = Rounds(threads: threads)
      await rounds.play(audits, values: values)
      for (round, audit) in audits.enumerated()
      where audit.lowest != StationCounts(freeBikes: -top, emptySlots: -top)
        || audit.highest != StationCounts(freeBikes: top, emptySlots: top)
      {
        wrong.append(
          "round \(played + round): lowest \(audit.lowest), highest \(audit.highest)")
      }
      played += batch
      contended += rounds.contended.load(ordering: .relaxed)
    }
    let first = wrong.first ?? ""
    #expect(
      wrong.isEmpty,
      "\(wrong.count) of \(played) rounds lost an extreme (expected ∓\(top)); the first: \(first)")
    #expect(
      contended >= goal,
      "only \(contended) of \(played) rounds were contended in \(ContinuousClock.now - started)")
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
