import BikeShare
import Dispatch
import Foundation

/// `bikes-actors hazards`: the way async code stops (a blocked pool), and
/// the way actors do not (a call that comes back).
extension ActorsEra {
  static let hazards = [blockingInTask, actorCallCycle] + callOffHazards + [resumedTwice]

  /// The cooperative pool's threads on Linux: the global executor's queue is
  /// as wide as the processors libdispatch counts.
  static let poolWidth = ProcessInfo.processInfo.processorCount

  /// Tasks block their threads in `DispatchSemaphore.wait()` for a signal
  /// that a later task would send: every thread of the pool waits.
  static let blockingInTask = Hazard(
    name: "blocking-in-task",
    what: "\(poolWidth) tasks block in DispatchSemaphore.wait() for a task queued behind them",
    rule: "never block a task's thread (semaphores, group.wait, sync): await instead",
    broken: "semaphore.wait() in \(poolWidth) tasks", expect: .noProgress,
    fix: "await a continuation",
    .async { fixed, watch in await meet(blocking: !fixed, watch: watch) },
    notes: [
      "On Linux the pool is as wide as the processors (\(poolWidth) here) for each task",
      "priority (one queue per priority, DispatchGlobalExecutor.cpp); each blocked task holds",
      "one of its threads, and the runtime starts no other for that priority: a task of",
      "another priority would still run. On Linux the compiler accepts",
      "semaphore.wait() even written straight in an async function (Swift 6 mode): the",
      "corelibs-libdispatch overlay does not mark it noasync.",
    ])

  /// `poolWidth` tasks wait for one later task to let them go.
  private static func meet(blocking: Bool, watch: HazardWatch) async -> HazardFinish {
    let semaphore = DispatchSemaphore(value: 0)
    let gate = Gate()
    let blocked = Locked(0)
    let signalled = Locked(false)
    watch.watch {
      let waiting = blocked.withLock { $0 }
      let started = signalled.withLock { $0 }
      return [
        "\(waiting) tasks are blocked in DispatchSemaphore.wait(), holding \(waiting) of the"
          + " pool's \(poolWidth) threads; the task that would signal them "
          + (started ? "ran" : "has not started")
      ]
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<poolWidth {
        group.addTask {
          if blocking {
            blocked.withLock { $0 += 1 }
            block(on: semaphore)
            blocked.withLock { $0 -= 1 }
          } else {
            await gate.wait()
          }
          watch.progress()
        }
      }
      group.addTask {
        signalled.withLock { $0 = true }
        for _ in 0..<poolWidth { semaphore.signal() }
        await gate.open()
        watch.progress()
      }
    }
    return HazardFinish("the task after them let \(poolWidth) waiting tasks go")
  }

  /// Blocks the calling thread: a synchronous function, so that the call
  /// compiles in an async context on every platform (the hazard).
  private static func block(on semaphore: DispatchSemaphore) { semaphore.wait() }

  /// Two stations call each other and back: Rossio asks Chiado to take a
  /// bike, and Chiado asks Rossio to confirm before it does (SE-0306's
  /// `DecisionMaker` example, with bikes).
  static let actorCallCycle = Hazard(
    name: "actor-call-cycle",
    what: "Rossio awaits Chiado, which awaits Rossio back, 1,000 times each way at once",
    rule: "actors are reentrant, so a call that comes back runs; recheck state after each await",
    broken: "a turn held across await (not Swift)", expect: .noProgress,
    fix: "actors as Swift has them",
    .async { fixed, watch in await exchange(holdingTurns: !fixed, watch: watch) },
    notes: [
      "The first case is what Swift does not do: each call keeps its actor's turn until it",
      "returns, as an actor that is not reentrant would. SE-0306: \"Reentrancy by default all",
      "but eliminates the potential for deadlocks\"; its price is that state may have changed",
      "across each await (the reentrant mode, chapter 05).",
    ])

  private static func exchange(holdingTurns: Bool, watch: HazardWatch) async -> HazardFinish {
    let rossio = Dock("Rossio", holdingTurns: holdingTurns, watch: watch)
    let chiado = Dock("Chiado", holdingTurns: holdingTurns, watch: watch)
    let rounds = 1_000
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for _ in 0..<rounds { await rossio.send(to: chiado) }
      }
      group.addTask {
        for _ in 0..<rounds { await chiado.send(to: rossio) }
      }
    }
    let moved = await rossio.received + chiado.received
    return HazardFinish("\(moved.grouped) bikes moved, every call answered")
  }
}

/// Lets waiting tasks go, without holding a thread while they wait.
actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

/// A station that sends bikes to another and confirms the ones it is sent.
/// `holdingTurns`: each call keeps the station's turn across its awaits
/// until it returns, as a non-reentrant actor would; calls that find the
/// turn taken wait in line (no thread blocks: they are suspended).
private actor Dock {
  let name: String
  private let holdingTurns: Bool
  private let watch: HazardWatch
  private var turn: String?
  private var line: [CheckedContinuation<Void, Never>] = []
  private(set) var received = 0

  init(_ name: String, holdingTurns: Bool, watch: HazardWatch) {
    self.name = name
    self.holdingTurns = holdingTurns
    self.watch = watch
  }

  /// Sends a bike: the other station takes it once this one confirms.
  func send(to other: Dock) async {
    let call = "\(name).send(to: \(other.name))"
    await take(call)
    awaiting(call, "\(other.name).receive")
    await other.receive(from: self)
    letGo(call)
  }

  func receive(from sender: Dock) async {
    let call = "\(name).receive(from: \(sender.name))"
    await take(call)
    awaiting(call, "\(sender.name).confirm")
    await sender.confirm(to: self)
    received += 1
    letGo(call)
    watch.progress()
  }

  func confirm(to receiver: Dock) async {
    let call = "\(name).confirm(to: \(receiver.name))"
    await take(call)
    letGo(call)
  }

  /// Says that `call` holds the turn while it awaits `callee`.
  private func awaiting(_ call: String, _ callee: String) {
    guard holdingTurns else { return }
    watch.waiting(call, "\(call) holds \(name)'s turn and awaits \(callee)")
  }

  /// Waits for the station's turn (only when calls hold turns).
  private func take(_ call: String) async {
    guard holdingTurns else { return }
    while let holder = turn {
      watch.waiting(call, "\(call) waits for \(name)'s turn, which \(holder) holds")
      await withCheckedContinuation { line.append($0) }
    }
    watch.waiting(call, nil)
    turn = call
  }

  private func letGo(_ call: String) {
    guard holdingTurns else { return }
    watch.waiting(call, nil)
    turn = nil
    if !line.isEmpty { line.removeFirst().resume() }
  }
}
