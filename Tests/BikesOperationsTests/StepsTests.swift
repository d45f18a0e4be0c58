import BikeShare
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BikesOperations

@Suite(.timeLimit(.minutes(3))) struct OperationsStepTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  /// Runs `steps` on the station's queue and waits for them.
  func run(_ steps: [Operation], on station: Station) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let end = BlockOperation { continuation.resume() }
      for step in steps { end.addDependency(step) }
      station.queue.addOperations(steps, waitUntilFinished: false)
      OperationQueue().addOperation(end)
    }
  }

  func act(_ station: Station, _ mode: Mode, answered: Collected<StationCounts?>)
    -> TakeOrLeaveOperation
  {
    TakeOrLeaveOperation(
      rider: 0, station: station, want: .bike, mode: mode, log: .none,
      answered: answered.add)
  }

  @Test func safeTakeChecksAndActsInOneOperation() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let answers = Collected<StationCounts?>()
    let first = act(station, .safe, answered: answers)
    let second = act(station, .safe, answered: answers)
    second.addDependency(first)
    await run([first, second], on: station)
    #expect(answers.values == [StationCounts(freeBikes: 0, emptySlots: 1), nil])
    #expect(second.answer == .turnedAway)
    #expect(station.countsAfterRun == StationCounts(freeBikes: 0, emptySlots: 1))
  }

  /// Safe takes and leaves from four riders at once, each on a thread of its
  /// own planning one visit at a time on the station's queue, with one dock
  /// in play. Taking first (one bike, one slot): takes contend. Leaving first
  /// (each rider brings a bike, one empty slot): only leaves contend, and a
  /// leave split into a check operation and an act operation docks two bikes
  /// in one slot. The audit's lowest and highest catch what the end counts
  /// would not.
  @Test(arguments: [Want.bike, .emptySlot])
  func manyRidersAtOneDockNeverLeaveTheRange(first: Want) async {
    let dock = OneDock(first: first)
    let (then, record, audit) = (dock.then, dock.record, dock.audit())
    let station = Station(record, audit: audit)
    let queues = Queues()
    // One safe visit, as a rider plans it, and its answer.
    @Sendable func move(_ want: Want) -> Bool {
      let (done, moved) = (DispatchSemaphore(value: 0), Locked(false))
      let visit = Visit(
        rider: 0, at: 0, station, wanting: want, mode: .safe, probe: .waiting(.zero), log: .none
      ) { counts in
        moved.withLock { $0 = counts != nil }
        done.signal()
      }
      visit.chain(on: queues, station: station)
      visit.start(on: queues, station: station)
      done.wait()
      return moved.withLock { $0 }
    }
    // 4 riders × 2,000 attempts; bounded, so a broken fix fails instead of hanging.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
          for _ in 0..<2_000 where move(first) {
            for _ in 0..<1_000 where move(then) { break }
          }
        }
        continuation.resume()
      }
    }
    dock.expectHeld(end: station.countsAfterRun, audit: audit)
  }

  @Test func racyTakeActsOnAStaleCheckAndTheAuditSeesIt() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    let answers = Collected<StationCounts?>()
    // Both checks run before either act: the interleaving of the race.
    let checks = (0..<2).map { _ in
      CheckOperation(rider: 0, station: station, want: .bike, log: .none)
    }
    let acts = checks.map { check in
      let take = act(station, .racy, answered: answers)
      take.addDependency(check)
      take.addDependency(checks[1])
      return take
    }
    await run(checks + acts, on: station)
    #expect(checks.map(\.available) == [1, 1])
    #expect(station.countsAfterRun == StationCounts(freeBikes: -1, emptySlots: 2))
    #expect(audit.violations.map(\.value) == [-1, 2])
  }

  @Test func aCancelledCheckCallsOffTheActThatDependsOnIt() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let answers = Collected<StationCounts?>()
    let check = CheckOperation(rider: 0, station: station, want: .bike, log: .none)
    let take = act(station, .racy, answered: answers)
    take.addDependency(check)
    check.cancel()
    await run([check, take], on: station)
    #expect(take.isCancelled)
    #expect(take.answer == nil)
    #expect(answers.values.isEmpty)
    #expect(station.countsAfterRun == StationCounts(freeBikes: 1, emptySlots: 0))
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingALegUnderWayEndsItWithoutArriving() async {
    let arrived = Collected<Int>()
    let started = DispatchSemaphore(value: 0)
    let leg = LegOperation(rider: 0, duration: .seconds(60)) { arrived.add($0.rider) }
    leg.watch(Step.Hooks(started: { _ in started.signal() }))
    let queue = OperationQueue()
    // Bounded waits: a broken cancellation (exercise 02-4) fails here
    // instead of leaving the test waiting for ever.
    let ended = await Self.happens(within: 10) { done in
      leg.then { done() }
      queue.addOperation(leg)
      _ = started.wait(timeout: .now() + 10)
      leg.cancel()  // a minute-long leg: only the cancellation can end it in time
    }
    #expect(ended, "the cancelled leg did not finish within 10 s")
    #expect(leg.isFinished)
    #expect(arrived.values.isEmpty)
  }

  /// Whether `start` calls the closure it is given within `seconds`.
  static func happens(
    within seconds: Double, _ start: (@escaping @Sendable () -> Void) -> Void
  ) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let box = Once(continuation)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { box.resume(false) }
      start { box.resume(true) }
    }
  }

  @Test func aLegReadsItsKindFromTheActItDependsOn() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let answers = Collected<StationCounts?>()
    let takes = [act(station, .safe, answered: answers), act(station, .safe, answered: answers)]
    takes[1].addDependency(takes[0])
    let legs = takes.map { take in
      let leg = LegOperation(rider: 0, duration: .zero) { _ in }
      leg.addDependency(take)
      return leg
    }
    await run(takes, on: station)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let end = BlockOperation { continuation.resume() }
      for leg in legs { end.addDependency(leg) }
      let queue = OperationQueue()
      queue.addOperations(legs + [end], waitUntilFinished: false)
    }
    #expect(legs.map(\.leg) == [.normal, .waiting])
  }
}

/// Values gathered from operations running on other threads.
final class Collected<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])
  var add: @Sendable (Value) -> Void { { value in self.storage.withLock { $0.append(value) } } }
  var values: [Value] { storage.withLock { $0 } }
}

/// A continuation resumed by whichever comes first.
final class Once: Sendable {
  private let continuation: Mutex<CheckedContinuation<Bool, Never>?>
  init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = Mutex(continuation) }
  func resume(_ value: Bool) {
    continuation.withLock { $0.take() }?.resume(returning: value)
  }
}
