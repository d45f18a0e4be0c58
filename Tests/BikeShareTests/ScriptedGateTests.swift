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
