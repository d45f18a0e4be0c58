import Foundation
import Testing

@testable import BikeShare

/// The gate and the wait story's sleepers: a rider asleep in a line is
/// parked nowhere, so the gate must stop waiting for it (`asleep`) and wait
/// for it again once a dock wakes it (`woken`), or the run would stall.
@Suite(.timeLimit(.minutes(1))) struct ScriptedGateSleepersTests {
  static let van = 21

  /// A racy wait, written plainly: the rider looks (one step under the
  /// lock), then joins the line and sleeps (another); the van docks a bike
  /// and wakes the head of the line, if any. Each on a thread of its own.
  final class Racy: Sendable {
    let lock = NSCondition()
    nonisolated(unsafe) var free = 0  // guarded by `lock`
    nonisolated(unsafe) var line: [Int] = []  // guarded by `lock`
    nonisolated(unsafe) var calledOff = false  // guarded by `lock`
    let rode = Locked<[Int]>([])
    /// Opened once the van has left the stage: a woken rider looks again
    /// only then, so that the gate must have waited for it (`woken`).
    let vanLeft = DispatchSemaphore(value: 0)

    func rider(_ rider: Int, _ gate: ScriptedGate) {
      defer { gate.finish(rider: rider) }
      while true {
        gate.passBlocking(ProbeStop(rider: rider, station: 0, point: .look))
        let took = lock.withLock {
          guard free > 0 else { return false }
          free -= 1
          return true
        }
        if took { return rode.withLock { $0.append(rider) } }
        gate.passBlocking(ProbeStop(rider: rider, station: 0, point: .wait))
        let woken = lock.withLock {
          line.append(rider)
          gate.note(rider: rider, .asleep)
          while line.contains(rider), !calledOff { lock.wait() }
          return !calledOff
        }
        guard woken else { return }
        vanLeft.wait()
        vanLeft.signal()
      }
    }

    func van(bikes: Int, _ gate: ScriptedGate) {
      defer {
        gate.finish(rider: ScriptedGateSleepersTests.van)
        vanLeft.signal()
      }
      for _ in 0..<bikes {
        gate.passBlocking(ProbeStop(rider: ScriptedGateSleepersTests.van, station: 0, point: .dock))
        lock.withLock {
          free += 1
          if !line.isEmpty {
            gate.note(rider: line.removeFirst(), .woken)
            lock.broadcast()
          }
        }
      }
    }

    /// The stage's part: the run is over; whoever still sleeps is called off.
    func callOffTheSleepers() {
      lock.withLock {
        calledOff = true
        lock.broadcast()
      }
    }
  }

  /// Plays `schedule` with rider A and the van's one bike; returns who
  /// rode, where everyone was when the gate had nothing left to play, and
  /// the gate's failure.
  static func play(_ schedule: String) -> (rode: [Int], whereAll: String, failure: String?) {
    let ended = DispatchSemaphore(value: 0)
    let gate = ScriptedGate(
      riders: [0, van],
      schedule: schedule.split(separator: " ").map { step in
        let rider = Int(step.first!.asciiValue! - 65)
        return ScriptedGate.Step(rider, ProbePoint(rawValue: String(step.dropFirst(2)))!)
      }, onWait: { if $0.isEmpty { ended.signal() } })
    let racy = Racy()
    let group = DispatchGroup()
    group.enter()
    Thread {
      racy.rider(0, gate)
      group.leave()
    }.start()
    group.enter()
    Thread {
      racy.van(bikes: 1, gate)
      group.leave()
    }.start()
    ended.wait()
    let whereAll = gate.whereEveryoneIs
    racy.callOffTheSleepers()
    group.wait()
    return (racy.rode.withLock { $0 }, whereAll, gate.failure)
  }

  @Test func aRiderWokenByTheDockLooksAgainAndRides() {
    let run = Self.play("A:look A:wait V:dock A:look")
    #expect(run.rode == [0])
    #expect(run.failure == nil)
  }

  /// The lost wake-up: the dock comes between the look and the wait. The
  /// gate ends the run with A asleep instead of stalling on it.
  @Test func aRunEndsWithARiderAsleepBesideTheBike() {
    let run = Self.play("A:look V:dock A:wait")
    #expect(run.rode == [])
    #expect(run.whereAll.hasSuffix("A sleeps in the line; V is done"))
    #expect(run.failure == nil)
  }

  @Test func aStepForASleeperIsRefused() {
    let run = Self.play("A:look V:dock A:wait A:look")
    #expect(run.failure == "step 4 expects A:look, but it sleeps in the line")
  }
}
