import Foundation
import Testing

@testable import BikeShare

/// The instruments the lessons rest on, each against values known by hand:
/// the gate's failure messages and its account of a stalled run, what
/// counts as a switch, and the stress run's statistics.
@Suite struct InstrumentTests {
  typealias Step = ScriptedGate.Step

  @Test func aScheduleNamingARiderNotOnTheStageSaysItNeverArrived() async {
    let gate = ScriptedGate(riders: [0], schedule: [Step(1, .arrive)])
    await gate.pass(ProbeStop(rider: 0, station: 0, point: .arrive))
    #expect(gate.failure == "step 1 expects B:arrive, but it never arrived")
  }

  @Test func aStalledRunSaysWhereEveryoneIs() async {
    let gate = ScriptedGate(
      riders: [0, 1, 2], schedule: [Step(0, .arrive), Step(1, .arrive), Step(0, .raceWindow)])
    // A parks and nobody else has come yet: the gate waits, and says so.
    let parked = Task { await gate.pass(ProbeStop(rider: 0, station: 0, point: .arrive)) }
    while gate.whereEveryoneIs.contains("A has not reached") { await Task.yield() }
    gate.finish(rider: 2)
    #expect(
      gate.whereEveryoneIs
        == "step 1 (A:arrive) is next; A waits at A:arrive for the gate;"
        + " B has not reached a probe point (it waits for a queue, a thread or a lock); C is done")
    gate.openForEveryone()
    _ = await parked.value
  }

  @Test func continuingAfterTheScheduleLetsTheLastRiderGoOnWithoutASwitch() async {
    // After A:arrive, the gate goes on by itself: A again while it can, then B.
    let gate = ScriptedGate(riders: [0, 1], schedule: [Step(0, .arrive)], continues: true)
    await withTaskGroup(of: Void.self) { group in
      for rider in [0, 1] {
        group.addTask {
          await gate.pass(ProbeStop(rider: rider, station: 0, point: .arrive))
          await gate.pass(ProbeStop(rider: rider, station: 0, point: .raceWindow))
          gate.finish(rider: rider)
        }
      }
    }
    #expect(
      Schedule(gate.trace.map(\.chosen)).description
        == "A:arrive A:window B:arrive B:window")
    #expect(gate.trace.filter(\.isSwitch).isEmpty)
    #expect(gate.failure == nil)
  }

  // NB: make `Decision.isSwitch(to:)` count every change of rider (drop
  // its `enabled.contains` test) and this fails.
  @Test func aSwitchIsAPreemptionNotAnyChangeOfRider() {
    let both = [Step(0, .raceWindow), Step(1, .arrive)]
    typealias Decision = ScriptedGate.Decision
    // The first choice preempts nobody.
    #expect(!Decision(enabled: both, chosen: Step(1, .arrive), previous: nil).isSwitch)
    // A could go on and B went: a switch.
    #expect(Decision(enabled: both, chosen: Step(1, .arrive), previous: 0).isSwitch)
    // A goes on: no switch.
    #expect(!Decision(enabled: both, chosen: Step(0, .raceWindow), previous: 0).isSwitch)
    // A has finished (it is not among the enabled): B going is no switch.
    #expect(
      !Decision(enabled: [Step(1, .arrive)], chosen: Step(1, .arrive), previous: 0).isSwitch)
  }

  /// Wilson's 95 % interval, against values worked out independently
  /// (Python, the same formula, z = 1.96), to four decimals.
  @Test(arguments: [
    (0, 20, 0.0, 0.161130),
    (1, 10, 0.017876, 0.404156),
    (10, 100, 0.055229, 0.174367),
    (50, 100, 0.403830, 0.596170),
    (20, 20, 0.838870, 1.0),
    (3, 1000, 0.001021, 0.008783),
  ])
  func theIntervalIsWilsons(hits: Int, runs: Int, low: Double, high: Double) {
    let interval = Stress.interval(hits, of: runs)
    #expect(abs(interval.lowerBound - low) < 5e-5, "\(hits) of \(runs): \(interval)")
    #expect(abs(interval.upperBound - high) < 5e-5, "\(hits) of \(runs): \(interval)")
  }

  @Test func theVerdictSaysWhatAZeroMeansAndGivesTheIntervalOtherwise() {
    #expect(
      Stress.verdict(Self.tally(forbidden: 0, runs: 300))
        == "forbidden in 0 of 300 runs: the rate is below 1.00 % with 95 % confidence,"
        + " which proves nothing about 0")
    #expect(
      Stress.verdict(Self.tally(forbidden: 10, runs: 100))
        == "forbidden in 10 of 100 runs: 10.00 % (95 % interval 5.52 % to 17.44 %)")
  }

  static func tally(forbidden: Int, runs: Int) -> Stress.Tally {
    let counts = StationCounts(freeBikes: 0, emptySlots: 0)
    let result = StageResult(end: counts, lowest: counts, highest: counts, served: 0)
    return Stress.Tally(
      mode: .racy, options: StageOptions(),
      rows: [
        Stress.Row(result: result, expectation: .forbidden, description: "", samples: forbidden),
        Stress.Row(
          result: result, expectation: .acceptable, description: "", samples: runs - forbidden),
      ], runs: runs, seconds: 0)
  }
}
