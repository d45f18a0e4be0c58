import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BikesFutures

struct Oops: Error, Equatable {}

/// A gate a future's work waits at until the test opens it.
final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func open() { semaphore.signal() }
  /// Waits at most 30 s: a test whose gate is never opened fails, it does not hang.
  func pass() { _ = semaphore.wait(timeout: .now() + 30) }
}

/// Work that blocks gets a serial queue of its own: serial queues get a
/// thread whenever work waits, whereas the global queue on Linux adds at most
/// one thread a second while its threads are blocked.
func blockable() -> DispatchQueue { DispatchQueue(label: "blocking work") }

/// What happened, in order, across threads.
final class Diary: Sendable {
  private let lines = Mutex<[String]>([])
  func write(_ line: String) { lines.withLock { $0.append(line) } }
  var read: [String] { lines.withLock { $0 } }
}

extension Future {
  /// The result within `seconds`, or nil: a test never hangs on a future,
  /// and never blocks a thread of the pool the futures' work runs on.
  func result(within seconds: Double = 30) async -> Result<Value, Failure>? {
    await withCheckedContinuation { continuation in
      let once = Mutex<CheckedContinuation<Result<Value, Failure>?, Never>?>(continuation)
      whenFinished { result in once.withLock { $0.take() }?.resume(returning: result) }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        once.withLock { $0.take() }?.resume(returning: nil)
      }
    }
  }

  /// Every future's value within 30 s each, in order.
  static func values(_ futures: [Future]) async -> [Value?] {
    var values: [Value?] = []
    for future in futures { values.append(try? await future.result()?.get()) }
    return values
  }
}

extension Result {
  var value: Success? { try? get() }
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// The era's small futures library, piece by piece.
@Suite(.timeLimit(.minutes(1))) struct FutureTests {
  @Test func aFutureHasTheValueItsWorkReturns() async {
    let future = Future<Int, Never> { 6 * 7 }
    #expect(await future.result()?.value == 42)
    #expect(await future.value == 42)
  }

  @Test func aFailableFutureThrowsTheErrorItsWorkThrew() async throws {
    let future = Future<Int, any Error> { throw Oops() }
    #expect(await future.result()?.error is Oops)
    await #expect(throws: Oops.self) { try await future.value }
  }

  @Test func aFutureStartsWhenItIsCreatedAndRunsOnceForManyWaiters() async {
    let runs = Mutex(0)
    let gate = Gate()
    let future = Future<Int, Never>(on: blockable()) {
      runs.withLock { $0 += 1 }
      gate.pass()
      return 7
    }
    // Four threads wait for it at once; its work runs once.
    let waiters = (0..<4).map { _ in Future<Int, Never>.onNewThread { future.wait() } }
    gate.open()
    #expect(await Future.values(waiters) == [7, 7, 7, 7])
    #expect(await future.value == 7)
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func aFutureByHandFinishesWhenItsCallbackCalls() async {
    let queue = DispatchQueue(label: "callback API")
    let future = Future<String, any Error>.byHand { future in
      queue.async { future.finish("done") }
    }
    #expect(await future.result()?.value == "done")
  }

  @Test func onlyTheFirstFinishCounts() async {
    let future = Future<Int, any Error>.byHand { future in
      future.finish(1)
      future.finish(2)
      future.finish(.failure(Oops()))
    }
    #expect(await future.result()?.value == 1)
  }

  @Test func aCallbackAPIWrappedIsAFuture() async {
    @Sendable func fetch(_ completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
      DispatchQueue.global().async { completion(.success(3)) }
    }
    #expect(await Future.wrapping(fetch).result()?.value == 3)
    let after = Future.after(.milliseconds(1))
    #expect(await after.result()?.value != nil)
  }

  @Test func cancellingARunningFutureWakesItsWaitersAtOnce() async {
    let gate = Gate()
    let seen = Future<Bool, Never>.byHand { _ in }
    let future = Future<Int, any Error>.byHand { future in
      blockable().async {
        gate.pass()
        // The work checks, as cancellable work must; its late result is ignored.
        seen.finish(future.isCancelled)
        future.finish(1)
      }
    }
    // A thread waiting in `wait()` wakes with the cancellation.
    let waiter = Future<String, Never>.onNewThread {
      do { return "value \(try future.wait())" } catch { return "\(error)" }
    }
    future.cancel()
    #expect(await waiter.result()?.value == "FutureCancelled()")
    #expect(future.isCancelled)
    gate.open()
    #expect(await seen.result()?.value == true)
    await #expect(throws: FutureCancelled.self) { try await future.value }
  }

  @Test func cancellingAFutureBeforeItStartsMeansItsWorkNeverRuns() async {
    let exclusion = Exclusion()
    let gate = Gate()
    let diary = Diary()
    let first = Future<Void, any Error>(
      on: blockable(), conditions: [.mutuallyExclusive(exclusion)]
    ) { gate.pass() }
    let second = Future<Void, any Error>(
      conditions: [.mutuallyExclusive(exclusion)],
      observers: [FutureObserver(didStart: { diary.write("second started") })]
    ) { diary.write("second ran") }
    #expect(exclusion.waiting == 1)
    second.cancel()
    #expect(await second.result()?.error is FutureCancelled)
    gate.open()
    _ = await first.result()
    // The exclusion was handed on and let go: a third future runs at once.
    let third = Future<Int, any Error>(conditions: [.mutuallyExclusive(exclusion)]) { 3 }
    #expect(await third.result()?.value == 3)
    #expect(diary.read.isEmpty)
  }

  @Test func observersSeeTheStartAndTheFinishOnce() async {
    let diary = Diary()
    let observer = FutureObserver(
      didStart: { diary.write("started") }, didFinish: { diary.write("finished") })
    let future = Future<Int, Never>(observers: [observer]) {
      diary.write("working")
      return 1
    }
    _ = await future.result()
    #expect(diary.read == ["started", "working", "finished"])
  }

  @Test func aFailedConditionFinishesTheFutureAndItsWorkNeverRuns() async {
    let diary = Diary()
    let future = Future<Int, any Error>(
      conditions: [.satisfied(if: { false }, else: Oops())]
    ) {
      diary.write("ran")
      return 1
    }
    #expect(await future.result()?.error is Oops)
    let satisfied = Future<Int, any Error>(conditions: [.satisfied(if: { true }, else: Oops())]) {
      2
    }
    #expect(await satisfied.result()?.value == 2)
    #expect(diary.read.isEmpty)
  }

  @Test func conditionsAreDecidedInOrderAndAFailureLetsGoOfTheOnesBefore() async {
    let exclusion = Exclusion()
    let failed = Future<Int, any Error>(
      conditions: [.mutuallyExclusive(exclusion), .satisfied(if: { false }, else: Oops())]
    ) { 1 }
    #expect(await failed.result()?.error is Oops)
    let next = Future<Int, any Error>(conditions: [.mutuallyExclusive(exclusion)]) { 2 }
    #expect(await next.result()?.value == 2)
  }

  /// The mutually exclusive condition: one future of the kind at a time,
  /// the others in the order they were made, and no thread held while waiting.
  @Test func mutuallyExclusiveFuturesRunOneAtATimeInOrder() async {
    let exclusion = Exclusion()
    let gate = Gate()
    let diary = Diary()
    let futures = (1...3).map { number in
      Future<Int, any Error>(on: blockable(), conditions: [.mutuallyExclusive(exclusion)]) {
        diary.write("\(number) starts")
        if number == 1 { gate.pass() }
        diary.write("\(number) ends")
        return number
      }
    }
    #expect(exclusion.waiting == 2)
    gate.open()
    #expect(await Future.values(futures) == [1, 2, 3])
    #expect(diary.read == ["1 starts", "1 ends", "2 starts", "2 ends", "3 starts", "3 ends"])
  }

  /// Two exclusions never hold each other up.
  @Test func futuresOfAnotherExclusionRunMeanwhile() async {
    let gate = Gate()
    let held = Future<Void, any Error>(
      on: blockable(), conditions: [.mutuallyExclusive(Exclusion())]
    ) { gate.pass() }
    let other = Future<Int, any Error>(
      on: blockable(), conditions: [.mutuallyExclusive(Exclusion())]
    ) { 2 }
    #expect(await other.result()?.value == 2)
    #expect(!held.isFinished)
    gate.open()
    _ = await held.result()
  }

  /// The main actor runs on the main queue, the main thread's.
  @Test func waitingOnTheMainThreadStopsTheProgram() async {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let future = Future<Int, Never> { 1 }
      await MainActor.run { _ = future.wait() }
    }
    let message = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Future.wait() blocks its thread: never call it on the main thread"))
  }

  /// Nothing keeps a finished future alive (its observers go with it).
  @Test func aFinishedFutureIsReleased() async throws {
    let released = Released()
    do {
      let witness = Witness(released.one)
      let future = Future<Int, Never>(observers: [FutureObserver(didStart: { _ = witness })]) { 1 }
      #expect(await future.value == 1)
      let byHand = Future<Int, any Error>.byHand { future in
        DispatchQueue.global().async { future.finish(2) }
      }
      let witness2 = Witness(released.one)
      byHand.whenFinished { _ in _ = witness2 }
      #expect(try await byHand.value == 2)
    }
    await released.all(2)
    #expect(released.count == 2)
  }
}

/// Calls `released` when it is deallocated.
final class Witness: Sendable {
  private let released: @Sendable () -> Void
  init(_ released: @escaping @Sendable () -> Void) { self.released = released }
  deinit { released() }
}

/// From async code, a future is awaited without blocking a thread.
@Suite(.timeLimit(.minutes(1))) struct FutureBridgeTests {
  @Test func asyncCodeAwaitsAFutureValueOrError() async throws {
    #expect(await Future<Int, Never> { 5 }.value == 5)
    await #expect(throws: Oops.self) { try await Future<Int, any Error> { throw Oops() }.value }
  }

  @Test func cancellingTheAwaitingTaskCancelsTheFuture() async {
    let never = Future<Int, any Error>.byHand { _ in }
    let waiting = Task { try await never.value }
    waiting.cancel()
    await #expect(throws: FutureCancelled.self) { try await waiting.value }
    #expect(never.isCancelled)
  }
}
