import BikeShare
import Foundation
import Synchronization

/// The queues of a run, each with a purpose, and an in-flight counter for
/// each (what an activity indicator would show).
final class Queues: Sendable {
  enum Purpose: String, CaseIterable, Sendable {
    /// Probes and legs of every rider: concurrent, of the default width. On
    /// Linux its operations run on a concurrent `DispatchQueue`, whose
    /// threads come from the global pool (one per core at first), so a
    /// blocking probe in a race window holds one of the few threads it has.
    case riders
    /// Checks, takes and leaves: one serial queue per station (counted together).
    case stations
    /// Every rider's final operation and the summary; Ctrl-C leaves it alone.
    case run
  }

  let riders: OperationQueue
  let run: OperationQueue
  /// The crews of `depend(_:on:)`, waiting on a queue of their own.
  private let crews: OperationQueue
  /// One counter a purpose (in `Purpose`'s order), of atomics: every step
  /// of every rider counts itself in and out, so a lock here would be one
  /// more that every rider takes twice a step.
  private let counters: [Counter]
  private let hooks: Step.Hooks
  private let stopped = Atomic(false)

  private final class Counter: Sendable {
    let now = Atomic(0)
    let peak = Atomic(0)
    let total = Atomic(0)

    func enter() {
      let now = now.wrappingAdd(1, ordering: .relaxed).newValue
      total.wrappingAdd(1, ordering: .relaxed)
      var peak = peak.load(ordering: .relaxed)
      while now > peak {
        let (exchanged, original) = self.peak.weakCompareExchange(
          expected: peak, desired: now, ordering: .relaxed)
        if exchanged { break }
        peak = original
      }
    }

    func leave() { now.wrappingSubtract(1, ordering: .relaxed) }
  }

  /// Under the gate, each rider's probes on a queue of its own (`Lanes`).
  private let lanes: Lanes?

  /// - Parameter hooks: tests: set on every operation added.
  /// - Parameter lanes: the stage's riders and its probe, for `Lanes`.
  init(
    hooks: Step.Hooks = Step.Hooks(), lanes: (riders: [Int], probe: BlockingRaceProbe)? = nil
  ) {
    let riders = OperationQueue()
    riders.name = "riders"
    self.riders = riders
    self.lanes = lanes.map { Lanes(riders, participants: $0.riders, probe: $0.probe) }
    run = OperationQueue()
    run.name = "run"
    crews = OperationQueue()
    crews.name = "crews"
    counters = Purpose.allCases.map { _ in Counter() }
    self.hooks = hooks
  }

  /// Where `rider`'s probes and legs go: `riders`, or under the gate its own lane.
  func riders(_ rider: Int) -> OperationQueue { lanes?.queue(rider) ?? riders }

  private func counter(_ purpose: Purpose) -> Counter {
    counters[Purpose.allCases.firstIndex(of: purpose) ?? 0]
  }

  /// Hands `step` to `queue`, counting it in flight until it hands on.
  /// After Ctrl-C a journey step is not queued at all: it is cancelled and
  /// hands on its successor at once (see `cancelAll`).
  func add(_ step: Step, to queue: OperationQueue, as purpose: Purpose) {
    if purpose != .run && stopped.load(ordering: .sequentiallyConsistent) {
      step.watch(hooks)
      step.cancel()
      step.handOn()
      return
    }
    let counter = counter(purpose)
    counter.enter()
    // Out of flight when the step hands on, as it finishes. Not in a
    // `completionBlock`: corelibs runs each as a block of its own on the
    // global queue (`Operation.swift`), one more block for every
    // operation, where the step's end is already a place to count.
    step.queued(watchedBy: hooks) { counter.leave() }
    queue.addOperation(step)
    // After Ctrl-C a journey step is cancelled once it is in (see `cancelAll`).
    // No lock around `addOperation`: with one, 100,000 riders queued up
    // behind it and Ctrl-C took 4 s to be heard.
    if purpose != .run && stopped.load(ordering: .sequentiallyConsistent) { step.cancel() }
  }

  /// How many final operations one crew operation depends on.
  static let crewSize = 1_000

  /// Makes `last` depend on every operation of `finals` through crews: an
  /// empty operation per `crewSize` of them. Why not directly:
  /// swift-corelibs-foundation's `addDependency` first looks through the
  /// dependencies the operation already has (`Sources/Foundation/Operation.swift`,
  /// `_addDependency`), so one operation given 100,000 dependencies makes
  /// five billion comparisons: 1.5 s before any rider starts (10,000:
  /// 0.02 s; release, two cores).
  ///
  /// The crews wait on a queue of their own, not on the run's: corelibs'
  /// `_schedule()` walks every operation still waiting in a queue each time
  /// one is added or finishes there, and each rider's final operation is
  /// added to the run's queue and finishes there: 200,000 walks past 100
  /// crews at 100,000 riders, 3 s of the floor of waiting (19.3 against
  /// 16.0 s, one process each, `bench-floor --riders 100000 --legs 19 --leg-ms 1`).
  func depend(_ last: Operation, on finals: [Operation]) {
    for start in stride(from: 0, to: finals.count, by: Self.crewSize) {
      let crew = BlockOperation {}
      for final in finals[start..<min(start + Self.crewSize, finals.count)] {
        crew.addDependency(final)
      }
      last.addDependency(crew)
      crews.addOperation(crew)
    }
  }

  /// Ctrl-C: cancels every journey step, queued or still to be handed on.
  /// A step `add` puts in a queue is either there before the flag is set, and
  /// `cancelAllOperations()` (called after) reaches it, or `add` reads the
  /// flag after it was set and cancels it itself: sequentially consistent
  /// ordering on both sides rules out a step that both miss.
  ///
  /// The steps already in a queue are drained by their queues (a cancelled
  /// operation is still started, and finishes without doing its work); the
  /// steps planned after them never enter a queue: `add` cancels each and
  /// hands on at once, down to the rider's final operation.
  /// The run's queue is left alone: riders' final operations and the summary must run.
  func cancelAll(_ stations: [Station]) {
    stopped.store(true, ordering: .sequentiallyConsistent)
    riders.cancelAllOperations()
    for station in stations { station.queue.cancelAllOperations() }
  }

  /// Operations handed to the queues so far.
  var added: Int { counters.reduce(0) { $0 + $1.total.load(ordering: .relaxed) } }

  /// Live: operations in flight now, per queue.
  var line: String {
    "in flight: "
      + Purpose.allCases.map { "\($0.rawValue) \(counter($0).now.load(ordering: .relaxed))" }
      .joined(separator: ", ")
  }

  /// For the report: the most in flight at once and the total, per queue.
  var notes: [String] {
    Purpose.allCases.map { purpose in
      let counter = counter(purpose)
      return
        "operations on \(purpose.rawValue) queue\(purpose == .stations ? "s" : ""): "
        + "\(counter.total.load(ordering: .relaxed)) added,"
        + " at most \(counter.peak.load(ordering: .relaxed)) in flight at once"
    }
  }
}
