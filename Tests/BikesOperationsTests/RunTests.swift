import BikeShare
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BikesOperations

/// Runs the era's `Run` on two stations with plenty of bikes and slots, watching every step.
func watchedRun(
  _ mode: Mode, riders: Int = 10, paths: Int = 3, goal: String? = nil,
  probe: BlockingRaceProbe? = nil, hooks: Step.Hooks
) async throws -> (outcome: RunOutcome, added: Int) {
  var configuration = Configuration()
  configuration.riders = riders
  configuration.paths = paths
  configuration.stationCount = 2
  configuration.goal = goal
  configuration.legMilliseconds = 0
  let stations = [
    StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100),
    StationRecord(id: "b", name: "B", freeBikes: 100, emptySlots: 100),
  ]
  let city = City(id: "test", name: "Test", stations: stations)
  let simulation = Simulation(
    mode: mode, configuration: configuration,
    selection: try Selection(city: city, configuration: configuration), log: .none,
    blockingProbe: probe)
  let run = Run(simulation, hooks: hooks)
  let outcome = await withCheckedContinuation { continuation in
    run.start { continuation.resume(returning: $0) }
  }
  return (outcome, run.queues.added)
}

@Suite(.timeLimit(.minutes(3))) struct OperationsGraphTests {
  /// What a step is, for the record.
  static func kind(_ operation: Operation) -> String {
    switch operation {
    case let probe as ProbeOperation: probe.stop.point.rawValue
    case is CheckOperation: "check"
    case is TakeOrLeaveOperation: "act"
    case is LegOperation: "leg"
    default: "other"
    }
  }

  // NB: drop `act.addDependency(window)` in `Visit` and the racy cases fail;
  // make `waiting`'s probe pause on arrival and the run's cases fail.
  @Test(arguments: Mode.both, [false, true])
  func noStepStartsBeforeTheStepsItDependsOnHaveFinished(mode: Mode, arrival: Bool) async throws {
    let seen = Collected<(kind: String, needs: [String], allFinished: Bool)>()
    let hooks = Step.Hooks(started: { step in
      seen.add(
        (
          Self.kind(step), step.dependencies.map(Self.kind).sorted(),
          step.dependencies.allSatisfy(\.isFinished)
        ))
    })
    // A run's probe does nothing at arrival, and its visits have no
    // arrival step; a probe that may hold a rider there (the gate's) has one.
    let probe = arrival ? BlockingRaceProbe(pause: { _ in }) : nil
    _ = try await watchedRun(mode, probe: probe, hooks: hooks)
    var expected: [String: [String]] =
      mode == .safe
      ? ["act": [], "leg": ["act"]]
      : ["check": [], "race window": ["check"], "act": ["check", "race window"], "leg": ["act"]]
    if arrival {
      expected["arrive"] = []
      expected[mode == .safe ? "act" : "check", default: []].insert("arrive", at: 0)
    }
    let steps = seen.values
    // Two visits per path, each step of the visit and its leg, the last leg cancelled.
    #expect(steps.count >= 10 * 3 * 2 * expected.count - 10)
    #expect(steps.allSatisfy { $0.allFinished })
    // One issue per kind of step gone wrong, not one per step: a broken
    // graph (exercise 02-1) would otherwise bury the message under thousands.
    var wrong: [String: [String]] = [:]
    for step in steps where step.needs != expected[step.kind] { wrong[step.kind] = step.needs }
    #expect(wrong.isEmpty, "steps that depend on the wrong steps: \(wrong), expected \(expected)")
  }

  // NB: drop `ending.leg?.cancel()` in `Rider.answered` and this fails: each
  // rider then rides one more leg after its goal.
  @Test func reachingTheGoalCancelsTheLegThatWouldHaveFollowed() async throws {
    let legs = Collected<Int>()
    let acts = Collected<Int>()
    let hooks = Step.Hooks(started: { step in
      if step is LegOperation { legs.add(step.rider) }
      if step is TakeOrLeaveOperation { acts.add(step.rider) }
    })
    let (outcome, _) = try await watchedRun(.safe, paths: 10, goal: "B", hooks: hooks)
    for (rider, result) in outcome.riders.enumerated() {
      #expect(result.reachedGoal)
      let legsRidden = legs.values.filter { $0 == rider }.count
      #expect(legsRidden == result.normalLegs + result.waitingLegs)
      #expect(acts.values.filter { $0 == rider }.count == legsRidden + 1)
    }
  }

  // NB: let the completion block in `Queues.add` capture `step` and this
  // fails at its time limit: every operation then keeps itself alive.
  @Test(.timeLimit(.minutes(1)))
  func ridersAndOperationsAreReleasedWhenTheRunEnds() async throws {
    let released = Released()
    let added: Int
    do {
      let (outcome, count) = try await watchedRun(
        .racy, riders: 20, paths: 2, hooks: Step.Hooks(released: released.one))
      #expect(outcome.riders.reduce(0) { $0 + $1.paths } == 40)
      added = count
    }
    // The run is out of scope: every rider and every operation must go.
    await released.all(added + 20)
    #expect(released.count == added + 20)
  }

  @Test func theReportCountsOperationsPerQueue() async throws {
    let (outcome, added) = try await watchedRun(.safe, hooks: Step.Hooks())
    #expect(outcome.notes.count == 3)
    // Ten riders' final operations and the summary.
    #expect(outcome.notes[2].hasPrefix("operations on run queue: 11 added, at most "))
    #expect(outcome.notes[0].hasPrefix("operations on riders queue: "))
    #expect(added > 11)
  }
}

@Suite(.timeLimit(.minutes(1))) struct OperationsCrewTests {
  /// The summary depends on crews, never on thousands of operations itself
  /// (corelibs' `addDependency` scans what it has: quadratic), and still
  /// runs only once every final operation has; the crews wait outside the
  /// run's queue.
  @Test func theLastOperationWaitsForEveryFinalOneThroughCrews() {
    let queues = Queues()
    let finished = Mutex(0)
    let seen = Mutex<Int?>(nil)
    let ran = DispatchSemaphore(value: 0)
    let finals = (0..<2_500).map { _ in BlockOperation { finished.withLock { $0 += 1 } } }
    let last = BlockOperation {
      seen.withLock { $0 = finished.withLock { $0 } }
      ran.signal()
    }
    queues.depend(last, on: finals)
    #expect(last.dependencies.count == 3)
    #expect(last.dependencies.allSatisfy { $0.dependencies.count <= Queues.crewSize })
    // The crews wait on a queue of their own: the run's queue, where every
    // final operation is added and finishes, has none to walk past.
    #expect(queues.run.operationCount == 0)
    queues.run.addOperation(last)
    // Handed on in reverse, so no order of the queue can hide a missing link.
    for final in finals.reversed() { queues.riders.addOperation(final) }
    // A bounded wait: a missing link must fail here, not hang the suite.
    #expect(ran.wait(timeout: .now() + 30) == .success, "the last operation never ran")
    #expect(seen.withLock { $0 } == 2_500)
  }
}
