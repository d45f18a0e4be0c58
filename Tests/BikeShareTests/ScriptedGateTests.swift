import Foundation
import Synchronization
import Testing

@testable import BikeShare

@Suite struct ScriptedGateTests {
  /// Riders that append "rider:point" to a shared list as they pass each point.
  final class Trace: Sendable {
    let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test func asyncRidersPassInTheScriptedOrder() async {
    let gate = ScriptedGate(
      riders: [0, 1],
      schedule: [
        .init(1, .arrive), .init(0, .arrive), .init(0, .raceWindow), .init(1, .raceWindow),
      ])
    let trace = Trace()
    await withTaskGroup(of: Void.self) { group in
      for rider in [0, 1] {
        group.addTask {
          await gate.pass(ProbeStop(rider: rider, station: 0, point: .arrive))
          trace.add("\(rider) checks")
          await gate.pass(ProbeStop(rider: rider, station: 0, point: .raceWindow))
          trace.add("\(rider) acts")
          gate.finish(rider: rider)
        }
      }
    }
    #expect(trace.all == ["1 checks", "0 checks", "0 acts", "1 acts"])
    #expect(gate.failure == nil)
    #expect(gate.stepsPlayed == 4)
  }

  @Test func blockingRidersPassInTheScriptedOrder() {
    let gate = ScriptedGate(
      riders: [0, 1, 2],
      schedule: [.init(2, .arrive), .init(0, .arrive), .init(1, .arrive)])
    let trace = Trace()
    let group = DispatchGroup()
    // One thread per held rider, as the blocking probe requires.
    for rider in 0..<3 {
      let thread = Thread {
        gate.passBlocking(ProbeStop(rider: rider, station: 0, point: .arrive))
        trace.add("\(rider)")
        gate.finish(rider: rider)
        group.leave()
      }
      group.enter()
      thread.start()
    }
    group.wait()
    #expect(trace.all == ["2", "0", "1"])
    #expect(gate.failure == nil)
  }

  /// Riders that park with an answer hold no thread while they wait: all
  /// three park from blocks of one serial queue (one thread at a time), and
  /// each answer, told on the thread that lets the rider go, hops back to it.
  @Test(.timeLimit(.minutes(1))) func answeredRidersPassInTheScriptedOrderHoldingNoThread() async {
    let gate = ScriptedGate(
      riders: [0, 1, 2],
      schedule: [.init(2, .arrive), .init(0, .arrive), .init(1, .arrive)])
    let trace = Trace()
    let queue = DispatchQueue(label: "one queue for every rider")
    let group = DispatchGroup()
    for rider in 0..<3 {
      group.enter()
      queue.async {
        gate.pass(ProbeStop(rider: rider, station: 0, point: .arrive)) { goOn in
          queue.async {
            trace.add("\(rider): \(goOn)")
            gate.finish(rider: rider)
            group.leave()
          }
        }
      }
    }
    await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
    #expect(trace.all == ["2: true", "0: true", "1: true"])
    #expect(gate.failure == nil)
  }

  /// A gate that gives up on the run (vans that hold stations, a game
  /// abandoned) answers false to every parked rider: let go, and leave.
  @Test(.timeLimit(.minutes(1))) func anAnswerIsFalseOnceTheGateGivesUp() async {
    let gate = ScriptedGate(riders: [0, 1], schedule: [], holding: .waits)
    let trace = Trace()
    let group = DispatchGroup()
    for rider in 0..<2 {
      group.enter()
      gate.pass(ProbeStop(rider: rider, station: rider, point: .arrive)) { goOn in
        trace.add("\(rider): \(goOn)")
        group.leave()
      }
    }
    gate.openForEveryone()
    await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
    #expect(trace.all.sorted() == ["0: false", "1: false"])
  }

  /// Without a gate the probe answers at once, on the calling thread.
  @Test func anUnscriptedProbeAnswersAtOnce() {
    let answer = Mutex<Bool?>(nil)
    BlockingRaceProbe.waiting(.zero).pass(ProbeStop(rider: 0, station: 0, point: .look)) {
      goOn in answer.withLock { $0 = goOn }
    }
    #expect(answer.withLock { $0 } == true)
  }

  /// The order story's gate: the app, one thread, asks for each rider in
  /// turn, and its requests go each on a thread of its own (racy), or one
  /// after another on a serial queue (safe). Returns the order in which the
  /// requests took, and the gate's failure.
  static func order(
    _ holding: ScriptedGate.Holding, _ schedule: [ScriptedGate.Step], riders: Int = 2
  ) -> (took: [Int], failure: String?) {
    let gate = ScriptedGate(riders: Set(0..<riders), schedule: schedule, holding: holding)
    let trace = Trace()
    let line = DispatchQueue(label: "line")
    let group = DispatchGroup()
    for _ in 0..<riders { group.enter() }
    Thread {
      for rider in 0..<riders {
        let request: @Sendable () -> Void = {
          gate.passBlocking(ProbeStop(rider: rider, station: 0, point: .take))
          trace.add("\(rider)")
          gate.finish(rider: rider)
          group.leave()
        }
        gate.passBlocking(ProbeStop(rider: rider, station: 0, point: .ask))
        if holding == .servedInOrder {
          line.async(execute: request)
        } else {
          Thread(block: request).start()
        }
        gate.sent(rider: rider)
      }
    }.start()
    group.wait()
    return (trace.all.compactMap(Int.init), gate.failure)
  }

  @Test func theAppAsksInOrderAndRacyRequestsOvertake() {
    let racy = Self.order(
      .asksInOrder, [.init(0, .ask), .init(1, .ask), .init(1, .take), .init(0, .take)])
    #expect(racy.took == [1, 0])
    #expect(racy.failure == nil)
    let early = Self.order(.asksInOrder, [.init(1, .ask)])
    #expect(early.failure == "step 1 expects B:ask, but B asks after A has asked")
  }

  @Test func safeRequestsAreServedInTheOrderAsked() {
    let safe = Self.order(
      .servedInOrder, [.init(0, .ask), .init(1, .ask), .init(0, .take), .init(1, .take)])
    #expect(safe.took == [0, 1])
    #expect(safe.failure == nil)
    // B's request waits in the serial queue behind A's: the gate counts it
    // in line, and refuses its take.
    let overtaking = Self.order(.servedInOrder, [.init(0, .ask), .init(1, .ask), .init(1, .take)])
    #expect(overtaking.failure == "step 3 expects B:take, but B waits in line behind A's request")
    #expect(overtaking.took == [0, 1])
    // Three riders: C asked while B's request is still being sent waits in
    // line behind it, whichever thread the queue runs.
    let three = Self.order(
      .servedInOrder,
      [.init(0, .ask), .init(1, .ask), .init(2, .ask), .init(0, .take), .init(1, .take)],
      riders: 3)
    #expect(three.took == [0, 1, 2])
    #expect(three.failure == nil)
    let early = Self.order(.servedInOrder, [.init(0, .ask), .init(2, .ask)], riders: 3)
    #expect(early.failure == "step 2 expects C:ask, but C asks after B has asked")
  }

  /// A live gate tells its player once a step where it waits. In racy
  /// order, a request may park at Rossio before the app says it has sent
  /// it: that late word changes nothing and must not tell the player again
  /// (`play` took the second telling as its next stop and showed B's take
  /// before B had taken: CI, futures).
  @Test(.timeLimit(.minutes(1))) func aLateWordFromTheAppTellsThePlayerNothing() async {
    let (stream, told) = AsyncStream.makeStream(of: [ScriptedGate.Step].self)
    let gate = ScriptedGate(
      riders: [0, 1], schedule: [], holding: .asksInOrder, onWait: { told.yield($0) })
    var stops = stream.makeAsyncIterator()
    let request: @Sendable (Int) -> Task<Void, Never> = { rider in
      Task {
        await gate.pass(ProbeStop(rider: rider, station: 0, point: .take))
        gate.finish(rider: rider)
      }
    }
    let app = Task {
      await gate.pass(ProbeStop(rider: 0, station: 0, point: .ask))
      let first = request(0)
      gate.sent(rider: 0)
      await gate.pass(ProbeStop(rider: 1, station: 0, point: .ask))
      // B's request is sent; the app has not said so yet.
      return (first, request(1))
    }
    #expect(await stops.next() == [.init(0, .ask)])
    gate.extend(.init(0, .ask))
    #expect(await stops.next() == [.init(0, .take), .init(1, .ask)])
    gate.extend(.init(1, .ask))
    #expect(await stops.next() == [.init(0, .take), .init(1, .take)])
    let (first, second) = await app.value
    gate.sent(rider: 1)
    gate.extend(.init(1, .take))
    await second.value
    #expect(await stops.next() == [.init(0, .take)])
    gate.extend(.init(0, .take))
    await first.value
    #expect(await stops.next() == [])
    #expect(gate.failure == nil)
  }

  @Test func aRiderOffScriptOpensTheGateAndSaysWhy() async {
    // The script expects rider 0 in the race window, but it finishes without one.
    let gate = ScriptedGate(riders: [0], schedule: [.init(0, .arrive), .init(0, .raceWindow)])
    await gate.pass(ProbeStop(rider: 0, station: 0, point: .arrive))
    gate.finish(rider: 0)
    #expect(gate.failure == "step 2 expects A:window, but it has finished")
  }

  @Test func afterTheScriptEveryoneRunsFree() async {
    let gate = ScriptedGate(riders: [0], schedule: [.init(0, .arrive)])
    await gate.pass(ProbeStop(rider: 0, station: 0, point: .arrive))
    await gate.pass(ProbeStop(rider: 0, station: 0, point: .raceWindow))
    await gate.pass(ProbeStop(rider: 0, station: 0, point: .arrive))
    #expect(gate.failure == nil)
  }

  @Test func stopSwitchRunsHandlersOnceAndLateOnesAtOnce() {
    let stop = StopSwitch()
    let calls = Mutex(0)
    stop.onStop { calls.withLock { $0 += 1 } }
    #expect(!stop.isStopped)
    stop.stop()
    stop.stop()
    #expect(calls.withLock { $0 } == 1)
    stop.onStop { calls.withLock { $0 += 10 } }
    #expect(calls.withLock { $0 } == 11)
  }
}
