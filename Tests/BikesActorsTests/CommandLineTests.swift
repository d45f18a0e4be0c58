import BikeShare
import Foundation
import TestSupport
import Testing

/// What only `bikes-actors` has on its command line, run as a user would
/// (the shared command line is `ErasTests/CommandLineContractTests`).
@Suite(.timeLimit(.minutes(3))) struct ActorsCommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-actors") }

  /// The real reentrancy, step by step, the same every time.
  @Test func reentrantReplayShowsBothChecksInsideTheStation() async throws {
    let first = try await bikes.running(["replay", "--mode", "reentrant"])
    #expect(first.status == 0)
    #expect(
      first.standardOutput == """
        bikes-actors replay --mode reentrant
        Rossio has 5 free bikes and 1 empty slot; riders A and B arrive by bike.
        Script: A checks in the station, held at its payment; B too; B leaves, A leaves.
          1. A checks Rossio: empty slots 1
          2. B checks Rossio: empty slots 1
          3. B is charged at Rossio
          4. B leaves a bike at Rossio: free 6, empty 0
          5. A is charged at Rossio
          6. A leaves a bike at Rossio: free 7, empty -1  ← empty -1
        Result: free 7, empty -1. Both riders checked before either acted.
        Violations: Rossio: free_bikes reached 7; Rossio: empty_slots reached -1.

        """)
    #expect(
      try await bikes.running(["replay", "--mode", "reentrant"]).standardOutput
        == first.standardOutput)
  }

  /// Each fix, in a whole run: no violation, and the report names the fix.
  @Test(arguments: ["method", "isolated", "reserve"])
  func everyFixHoldsInARun(fix: String) async throws {
    let result = try await bikes.running(
      [
        "--mode", "safe", "--fix", fix, "--riders", "20", "--paths", "3", "--leg-ms", "0",
        "--format", "json", "--fail-on-violation",
      ])
    #expect(result.status == 0)
    #expect(result.field("config.fix") == fix)
    #expect(result.field("violations") == "[]")
  }

  @Test func anUnknownFixIsOneLineAndExitTwo() async throws {
    let result = try await bikes.running(["--fix", "lock"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-actors: --fix expects one of method, isolated, reserve, got 'lock'"
      ])
    #expect(result.standardOutput.isEmpty)
  }

  @Test func anUnknownCallersIsOneLineAndExitTwo() async throws {
    for arguments in [["--callers", "main"], ["stress", "--callers", "MainActor"]] {
      let result = try await bikes.running(arguments)
      #expect(result.status == 2)
      #expect(
        result.errorLines == [
          "bikes-actors: --callers expects one of nonisolated, main-actor, concurrent, got '\(arguments.last!)'"
        ])
      #expect(result.standardOutput.isEmpty)
    }
    let missing = try await bikes.running(["explore", "--scheduler", "jobs", "--callers"])
    #expect(missing.status == 2)
    #expect(missing.errorLines.count == 1)
  }

  /// The atlas draws the gate's schedules; the jobs explorer has none to draw.
  @Test func theJobsExplorerHasNoAtlas() async throws {
    let result = try await bikes.running(["explore", "--scheduler", "jobs", "--format", "html"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-actors: --format html draws the gate's schedules: drop --scheduler jobs"
      ])
    #expect(result.standardOutput.isEmpty)
  }

  /// The job shapes are visits to one station: a story of two stations is
  /// refused in one line (it crashed with an index out of range before).
  @Test(arguments: ["transfer", "cancel"])
  func theJobsExplorerTakesOnlyTheOneStationStories(story: String) async throws {
    let result = try await bikes.running(["explore", "--scheduler", "jobs", "--story", story])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-actors: --scheduler jobs explores the stories of one station (slot, bike, order),"
          + " not --story \(story)"
      ])
  }

  /// `stress --callers`: the header and the JSON say where the riders
  /// checked and acted (how often the line breaks is measured, not tested:
  /// the jobs explorer's tests force the orders).
  @Test func stressNamesItsCallers() async throws {
    for callers in ActorsCallers.allCases {
      let arguments = [
        "stress", "--mode", "racy", "--story", "bike", "--runs", "50", "--callers",
        callers.rawValue,
      ]
      let json = try await bikes.running(arguments + ["--format", "json"])
      #expect(json.status == 0)
      #expect(json.field("callers") == (callers == .nonisolated ? nil : callers.rawValue))
      let text = try await bikes.running(arguments)
      #expect(text.status == 0)
      let header = text.unfittedLines.prefix(2).joined(separator: "\n")
      #expect(header.contains("--callers") == (callers != .nonisolated), "\(header)")
      if let setting = callers.setting() { #expect(header.hasSuffix(setting), "\(header)") }
    }
  }

  /// In a whole run at window 0, and in the report's configuration.
  @Test func aRunNamesItsCallers() async throws {
    let result = try await bikes.running([
      "--mode", "racy", "--callers", "main-actor", "--race-window-us", "0", "--riders", "20",
      "--paths", "3", "--leg-ms", "0", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.field("config.callers") == "main-actor")
    // And in the text report's header line; the default is not named.
    for callers in ["main-actor", "nonisolated"] {
      let text = try await bikes.running([
        "--mode", "safe", "--callers", callers, "--riders", "2", "--paths", "1", "--leg-ms", "0",
      ])
      let header = try #require(text.outputLines.first { $0.contains(" · seed ") })
      #expect(
        header.hasSuffix(callers == "main-actor" ? " · callers main-actor" : " · leg 0 ms"),
        "\(header)")
    }
  }

  /// The watchdog never stops a run that makes progress: 10,000 riders with
  /// 1 ms legs, each finishing visits all the time.
  @Test func theWatchdogLetsABusyRunFinish() async throws {
    let stations = (1...100).map {
      #"{"id": "s\#($0)", "name": "S\#($0)", "free_bikes": 100, "empty_slots": 100}"#
    }
    let city = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plenty-\(ProcessInfo.processInfo.processIdentifier).json")
    defer { try? FileManager.default.removeItem(at: city) }
    try Data(
      #"{"network": {"id": "p", "name": "Plenty", "stations": [\#(stations.joined(separator: ","))]}}"#
        .utf8
    ).write(to: city)
    let run = try await bikes.running([
      "--mode", "safe", "--riders", "10000", "--leg-ms", "1", "--paths", "1", "--city", city.path,
      "--stations", "100", "--watchdog-ms", "3000", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.standardOutput.suffix(300))")
    #expect(run.field("riders") == "10000")
    #expect(!run.prints("no_progress"))
  }
}
