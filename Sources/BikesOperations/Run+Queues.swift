import BikeShare
import Foundation
import Synchronization

/// The queues of a run, each with a purpose, and an in-flight counter for
/// each (the food truck's activity indicator).
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
  private let counters: Locked<[Purpose: Counter]>
  private let hooks: Step.Hooks
  private let stopped = Atomic(false)

  private struct Counter {
    var now = 0
    var peak = 0
    var total = 0
  }

  /// - Parameter hooks: tests: set on every operation added.
  init(hooks: Step.Hooks = Step.Hooks()) {
    riders = OperationQueue()
    riders.name = "riders"
    run = OperationQueue()
    run.name = "run"
    counters = Locked(Dictionary(uniqueKeysWithValues: Purpose.allCases.map { ($0, Counter()) }))
    self.hooks = hooks
  }

  /// Hands `step` to `queue`, counting it in flight until its completion block runs.
  /// After Ctrl-C a journey step is not queued at all: it is cancelled and
  /// hands on its successor at once (see `cancelAll`).
  func add(_ step: Step, to queue: OperationQueue, as purpose: Purpose) {
    step.watch(hooks)
    if purpose != .run && stopped.load(ordering: .sequentiallyConsistent) {
      step.cancel()
      step.handOn()
      return
    }
    counters.withLock { counters in
      var counter = counters[purpose] ?? Counter()
      counter.now += 1
      counter.total += 1
      counter.peak = max(counter.peak, counter.now)
      counters[purpose] = counter
    }
    // The block captures the counters, not the step. On Linux a completion
    // block that captured its own operation would keep it alive for ever (a
    // retain cycle): corelibs never clears it. Darwin sets it to nil once it
    // has begun (iOS 8, macOS 10.10): there only a never-finished one leaks.
    step.completionBlock = { [weak self] in
      self?.counters.withLock { $0[purpose, default: Counter()].now -= 1 }
    }
    queue.addOperation(step)
    // After Ctrl-C a journey step is cancelled once it is in (see `cancelAll`).
    // No lock around `addOperation`: with one, 100,000 riders queued up
    // behind it and Ctrl-C took 4 s to be heard.
    if purpose != .run && stopped.load(ordering: .sequentiallyConsistent) { step.cancel() }
  }

  /// How many final operations one crew operation depends on.
  static let crewSize = 1_000

  /// Makes `last` depend on every operation of `finals` through crews: an
  /// empty operation on the run's queue per `crewSize` of them. Why not
  /// directly: swift-corelibs-foundation's `addDependency` first looks
  /// through the dependencies the operation already has
  /// (`Sources/Foundation/Operation.swift`, `_addDependency`), so one
  /// operation given 100,000 dependencies makes five billion comparisons:
  /// 1.5 s before any rider starts (10,000: 0.02 s; release, two cores).
  func depend(_ last: Operation, on finals: [Operation]) {
    for start in stride(from: 0, to: finals.count, by: Self.crewSize) {
      let crew = BlockOperation {}
      for final in finals[start..<min(start + Self.crewSize, finals.count)] {
        crew.addDependency(final)
      }
      last.addDependency(crew)
      run.addOperation(crew)
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
  var added: Int { counters.withLock { $0.values.reduce(0) { $0 + $1.total } } }

  /// Live: operations in flight now, per queue.
  var line: String {
    let counts = counters.withLock { $0 }
    return "in flight: "
      + Purpose.allCases.map { "\($0.rawValue) \(counts[$0]?.now ?? 0)" }.joined(separator: ", ")
  }

  /// For the report: the most in flight at once and the total, per queue.
  var notes: [String] {
    let counts = counters.withLock { $0 }
    return Purpose.allCases.map { purpose in
      let counter = counts[purpose] ?? Counter()
      return
        "operations on \(purpose.rawValue) queue\(purpose == .stations ? "s" : ""): "
        + "\(counter.total) added, at most \(counter.peak) in flight at once"
    }
  }
}
