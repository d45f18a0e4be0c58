import Foundation
import Testing

@testable import BikeShare

/// A stand-in era whose runs are scripted, to test what `EraCommand` does
/// with their outcomes (exit codes, JSON) without any concurrency.
enum ScriptedEra: Era {
  static let info = EraInfo(
    name: "scripted", title: "test double", summary: "test double", banner: ["nothing to watch"],
    places: .init(
      station: "nothing", check: "here", act: "here", window: "here", callOff: "nothing",
      sends: "nothing", ordered: "nothing"))

  /// Racy runs dip the first station to -1 free bikes; safe runs change nothing.
  static func simulate(_ simulation: Simulation) async -> RunOutcome {
    let first = simulation.stations[0]
    if simulation.mode == .racy {
      simulation.audits[0].observe(
        StationCounts(freeBikes: -1, emptySlots: first.emptySlots + first.freeBikes + 1))
    }
    let ends = simulation.stations.map {
      StationCounts(freeBikes: $0.freeBikes, emptySlots: $0.emptySlots)
    }
    return RunOutcome(riders: simulation.riders.map { _ in RiderResult() }, stations: ends)
  }

  static func replay(_ stage: ReplayStage) async -> StationCounts {
    StationCounts(freeBikes: stage.station.freeBikes, emptySlots: stage.station.emptySlots)
  }

  /// Vans that do nothing: the stations stay as they were.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {}
  static var visitPrimitive: VisitPrimitive { VisitPrimitive("nothing", perVisit: 1, why: "") }

  static func transfer(_ stage: TransferStage) async -> [StationCounts] {
    for van in stage.vans { stage.probe.finished(rider: van) }
    return stage.stations.map(\.counts)
  }

  static func cancel(_ stage: CancelStage) async -> [StationCounts] {
    stage.stations.map(\.counts)
  }

  static func order(_ stage: OrderStage) async -> [StationCounts] { [stage.station.counts] }
  static func wait(_ stage: WaitStage) async -> [StationCounts] { [stage.station.counts] }
}

/// The commands run in this process, with their lines kept (not printed),
/// one at a time: the capture is process-wide.
@Suite(.serialized) struct EraCommandTests {
  static func run(_ arguments: [String]) async -> (code: Int32, out: [String], error: [String]) {
    let (code, lines) = await Console.capturing {
      await EraCommand.run(ScriptedEra.self, arguments: arguments)
    }
    return (code, lines.out, lines.error)
  }

  @Test func violationsGiveExitThreeOnlyWhenAsked() async {
    let both = await Self.run(["--format", "json"])
    #expect(both.code == 0)
    #expect(both.out.filter { $0.hasPrefix("{\"") }.count == 2)
    #expect(await Self.run(["--format", "json", "--fail-on-violation"]).code == 3)
    #expect(
      await Self.run(["--mode", "safe", "--format", "json", "--fail-on-violation"]).code == 0)
  }

  @Test func usageAndCityErrorsHaveTheirCodes() async {
    let riders = await Self.run(["--riders", "0"])
    #expect(riders.code == 2)
    #expect(
      riders.error == ["bikes-scripted: --riders expects a whole number from 1 to 100000, got 0"])
    #expect(await Self.run(["--goal", "Atlantis"]).code == 2)
    let city = await Self.run(["--city", "/no/such.json"])
    #expect(city.code == 1)
    #expect(city.error == ["bikes-scripted: cannot read city file '/no/such.json': no such file"])
  }

  /// An era whose rider B never reaches a probe point (as when a queue of
  /// width one is held by a parked rider): the replay says so and returns.
  enum StuckEra: Era {
    static let info = ScriptedEra.info
    static func simulate(_ simulation: Simulation) async -> RunOutcome {
      RunOutcome(riders: [], stations: [])
    }
    static func replay(_ stage: ReplayStage) async -> StationCounts {
      await stage.probe.pause(ProbeStop(rider: 0, station: 0, point: .arrive))
      try? await Task.sleep(for: .seconds(3600))
      return stage.station.counts
    }
    /// Vans that never finish: a deadlock, as the real runtime shows one.
    static func waitOutLegs(
      riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
    ) async {}
    static var visitPrimitive: VisitPrimitive { VisitPrimitive("nothing", perVisit: 1, why: "") }

    static func transfer(_ stage: TransferStage) async -> [StationCounts] {
      try? await Task.sleep(for: .seconds(3600))
      return stage.stations.map(\.counts)
    }

    static func cancel(_ stage: CancelStage) async -> [StationCounts] {
      stage.stations.map(\.counts)
    }

    static func order(_ stage: OrderStage) async -> [StationCounts] { [stage.station.counts] }
    static func wait(_ stage: WaitStage) async -> [StationCounts] { [stage.station.counts] }
  }

  /// Riders that never finish a visit: a run that has stopped making progress.
  enum NoProgressEra: Era {
    static let info = ScriptedEra.info
    static func simulate(_ simulation: Simulation) async -> RunOutcome {
      try? await Task.sleep(for: .seconds(3600))
      return RunOutcome(riders: [], stations: [])
    }
    static func replay(_ stage: ReplayStage) async -> StationCounts { stage.station.counts }
    static func waitOutLegs(
      riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
    ) async {}
    static var visitPrimitive: VisitPrimitive { VisitPrimitive("nothing", perVisit: 1, why: "") }

    static func transfer(_ stage: TransferStage) async -> [StationCounts] {
      stage.stations.map(\.counts)
    }

    static func cancel(_ stage: CancelStage) async -> [StationCounts] {
      stage.stations.map(\.counts)
    }

    static func order(_ stage: OrderStage) async -> [StationCounts] { [stage.station.counts] }
    static func wait(_ stage: WaitStage) async -> [StationCounts] { [stage.station.counts] }
  }

  /// The watchdog ends a run in which nobody finishes a visit: exit 4, with
  /// what it saw, within the bound (plus two legs) and a tick.
  @Test(.timeLimit(.minutes(1)))
  func theWatchdogStopsARunThatMakesNoProgress() async {
    let (code, lines) = await Console.capturing {
      await EraCommand.run(
        NoProgressEra.self, arguments: ["--watchdog-ms", "200", "--leg-ms", "0", "--mode", "racy"])
    }
    #expect(code == ExitCode.noProgress)
    #expect(
      lines.out.contains {
        $0.hasPrefix(
          "→ NO PROGRESS (racy): no rider finished a visit for 0.20 s (--watchdog-ms 200")
      }, "\(lines.out)")
    #expect(lines.out.contains("  violations so far: none"))
  }

  /// A transfer that does not end within the bound is a deadlock seen on the
  /// real runtime: it is counted, left behind, and the stress goes on.
  @Test(.timeLimit(.minutes(1)))
  func aTransferThatNeverEndsIsCountedAsADeadlockAndLeftBehind() async {
    var options = StageOptions()
    options.story = .transfer
    options.runs = 2
    let tally = await Stress.run(StuckEra.self, mode: .nested, options: options)
    #expect(tally.runs == 2)
    #expect(tally.deadlocked == 2)
    #expect(tally.bad == 2)
    let text = Stress.text(tally, executable: "bikes-stuck")
    #expect(
      text.contains("deadlocked in 2 of 2 runs, broke a counter in 0, completed cleanly in 0"))
  }

  /// A run of a story that cannot get stuck and still never ends (a bug
  /// in the era or below it) is counted as hung, named, and left behind:
  /// `stress` never waits for ever.
  @Test(.timeLimit(.minutes(1)))
  func aRunThatNeverEndsIsCountedAsHungAndLeftBehind() async {
    var options = StageOptions()
    options.story = .slot
    options.runs = 3
    let tally = await Stress.run(
      StuckEra.self, mode: .racy, options: options, deadlocksKept: 2,
      hangBound: .milliseconds(200))
    #expect(tally.runs == 2)
    #expect(tally.hung == 2)
    #expect(tally.rows.isEmpty)
    let text = Stress.text(tally, executable: "bikes-stuck")
    #expect(
      text.contains(
        "HUNG in 2 of 2 runs: the run did not end within 0.20 s on the real runtime; A and B"
          + " had not finished (left waiting)"), "\(text)")
    #expect(text.contains("stopped after 2 hung runs"))
    #expect(Stress.json(tally, era: "stuck").contains("\"hung\":2"))
  }

  @Test(.timeLimit(.minutes(1)))
  func aStalledReplaySaysWhoWaitsWhereAndReturns() async {
    let outcome = await Replay.play(
      StuckEra.self, mode: .racy, options: StageOptions(), stallAfter: .milliseconds(300))
    #expect(
      outcome.failure
        == "stalled: no step for 0 s; step 1 (A:arrive) is next; A waits at A:arrive for the"
        + " gate; B has not reached a probe point (it waits for a queue, a thread or a lock)")
  }

  @Test func replayOfAnEraThatIgnoresTheScriptFails() async {
    // The stand-in never passes a probe, so the script cannot be played.
    let outcome = await Replay.play(ScriptedEra.self, mode: .racy)
    #expect(outcome.failure == "only 0 of 4 scripted steps were played")
    let replay = await Self.run(["replay"])
    #expect(replay.code == 1)
    #expect(replay.out.contains("Replay failed: only 0 of 4 scripted steps were played"))
  }

  @Test func jsonReportHasTheFieldsOfTheDesign() async throws {
    let city = try await CitySource.embedded.load()
    let simulation = Simulation(
      mode: .racy, configuration: Configuration(),
      selection: try Selection(city: city, configuration: Configuration()), log: .none)
    let outcome = await ScriptedEra.simulate(simulation)
    let report = RunReport(
      era: ScriptedEra.info, simulation: simulation, outcome: outcome, interrupted: false,
      wallSeconds: 0.5)
    #expect(!report.jsonLine.contains("\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(report.jsonLine.utf8)) as? [String: Any])
    for key in [
      "era", "mode", "config", "riders", "paths", "normal_legs", "waiting_legs", "goal_reached",
      "stations", "violations", "bikes_at_start", "bikes_at_end", "conserved", "wall_seconds",
      "requests", "overtaken", "largest_overtake",
    ] {
      #expect(object[key] != nil, "missing \(key)")
    }
    let config = try #require(object["config"] as? [String: Any])
    #expect(config["riders"] as? Int == 50)
    #expect(config["race_window_us"] as? Int == 100)
    #expect(config["goal"] is NSNull)
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(violations.first?["counter"] as? String == "free_bikes")
    #expect(violations.first?["value"] as? Int == -1)
    let station = try #require((object["stations"] as? [[String: Any]])?.first)
    #expect((station["min"] as? [String: Int])?["free_bikes"] == -1)
    for key in ["requests", "overtaken", "largest_overtake"] {
      #expect(station[key] is Int, "a station's \(key)")
    }
    #expect(object["bikes_at_start"] as? Int == 14)
    // The runner reads the same type back.
    let read = try RunReport(jsonLine: report.jsonLine)
    #expect(read.jsonLine == report.jsonLine)
    #expect(read.verdict == .raceShown)
  }

  /// A clean run's verdict says what was seen, never why: after a learner
  /// adds a check (exercises 01-1, 05-3) the window is hit and the rider is
  /// stopped, so "the window was never hit" would be false.
  @Test(arguments: EraInfo.all.map(\.name))
  func aCleanRunSaysOnlyWhatWasSeen(name: String) throws {
    let era = try #require(EraInfo.named(name))
    for mode in era.modes where mode != Mode(rawValue: "unsynchronized") {
      let clean = RunReport.verdictLine(era: era.name, mode: mode, hasViolations: false)
      #expect(
        clean.contains("no counter left its range in this run"), "\(era.name) \(mode): \(clean)")
      for cause in ["window", "suspended", "one step", "entered"] {
        #expect(!clean.contains(cause), "\(era.name) \(mode) names a cause: \(clean)")
      }
    }
  }
}
