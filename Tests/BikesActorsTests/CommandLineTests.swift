import Foundation
import TestSupport
import Testing

/// The built `bikes-actors`, run as a user would.
@Suite(.timeLimit(.minutes(3))) struct CommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-actors") }

  /// A city file in a fresh temporary folder.
  static func cityFile(_ json: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "city-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: url)
    return url.path
  }

  @Test func helpAndVersionExitZero() throws {
    let help = try bikes.run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("bikes-actors replay [stage]"))
    let version = try bikes.run(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "bikes-actors 0.1.0\n")
  }

  /// The real reentrancy, step by step, the same every time.
  @Test func reentrantReplayShowsBothChecksInsideTheStation() throws {
    let first = try bikes.run(["replay", "--mode", "reentrant"])
    #expect(first.status == 0)
    #expect(
      first.standardOutput == """
        bikes-actors replay --mode reentrant
        Rossio has 5 free bikes and 1 empty slot; riders A and B arrive by bike.
        Script: A checks in the station, held at its payment; B too; B leaves, A leaves.
          1. A checks Rossio: empty slots 1
          2. B checks Rossio: empty slots 1
          3. B leaves a bike at Rossio: free 6, empty 0
          4. A leaves a bike at Rossio: free 7, empty -1  ← empty -1
        Result: free 7, empty -1. Both riders checked before either acted.
        Violations: Rossio: free_bikes reached 7; Rossio: empty_slots reached -1.

        """)
    #expect(
      try bikes.run(["replay", "--mode", "reentrant"]).standardOutput == first.standardOutput)
  }

  /// Each fix, in a whole run: no violation, and the report names the fix.
  @Test(arguments: ["method", "isolated", "reserve"])
  func everyFixHoldsInARun(fix: String) throws {
    let result = try bikes.run(
      [
        "--mode", "safe", "--fix", fix, "--riders", "20", "--paths", "3", "--leg-ms", "0",
        "--format", "json", "--fail-on-violation",
      ])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains(#""fix":"\#(fix)""#))
    #expect(result.standardOutput.contains(#""violations":[]"#))
  }

  @Test(arguments: [
    (["--speed", "3"], "unknown option '--speed' (see --help)"),
    (["--riders"], "--riders needs a value"),
    (["--paths", "ten"], "--paths expects a whole number from 1 to 1000000, got 'ten'"),
    (["--seed", "-4"], "--seed expects a whole number from 0 to 18446744073709551615, got '-4'"),
    (["--riders", "0"], "--riders expects a whole number from 1 to 100000, got 0"),
    (["--stations", "0"], "--stations expects a whole number from 1 to 100000, got 0"),
    (
      ["--station", "Atlantis"],
      "--station 'Atlantis': city 'Lisboa sample network' has no station with that id or name"
    ),
    (
      ["--goal", "Belém"],
      "--goal 'Belém' is not among the selected stations (add it with --station or raise --stations)"
    ),
    (["--stations", "13"], "--stations 13: city 'Lisboa sample network' has only 12 stations"),
    (["--fix", "lock"], "--fix expects one of method, isolated, reserve, got 'lock'"),
    (["--lock", "mutex"], "unknown option '--lock' (see --help)"),
  ])
  func usageErrorsExitTwoWithOneLine(arguments: [String], message: String) throws {
    let result = try bikes.run(arguments)
    #expect(result.status == 2)
    #expect(result.errorLines == ["bikes-actors: \(message)"])
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: [
    ("{ oops", "is not valid JSON"),
    (#"{"network": {"id": "x", "name": "X"}}"#, "has no field network.stations"),
    (
      #"{"network": {"id": "x", "name": "X", "stations": []}}"#,
      "has no stations (network.stations is empty)"
    ),
    (
      #"{"network": {"id": "x", "name": "X", "stations": [{"id": "a", "name": "A", "free_bikes": 3, "empty_slots": -1}]}}"#,
      "network.stations[0] ('A') has negative empty_slots (-1)"
    ),
  ])
  func brokenCityFilesExitOneWithOneLine(json: String, reason: String) throws {
    let path = try Self.cityFile(json)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try bikes.run(["--city", path])
    #expect(result.status == 1)
    #expect(result.errorLines == ["bikes-actors: city file '\(path)' \(reason)"])
  }

  @Test func missingCityFileExitsOne() throws {
    let result = try bikes.run(["--city", "/no/such/city.json"])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "bikes-actors: cannot read city file '/no/such/city.json': no such file"
      ])
  }

  @Test func unreachableURLExitsOne() throws {
    let result = try bikes.run(["--city", "http://127.0.0.1:1/v2/networks/none"])
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1)
    #expect(
      result.standardError.hasPrefix("bikes-actors: cannot read city URL http://127.0.0.1:1/"))
  }

  @Test func noArgumentsRunRacyThenSafeAndSumUpBoth() throws {
    let result = try bikes.run(["--riders", "8", "--paths", "2", "--leg-ms", "0"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("── actors · racy "))
    #expect(result.standardOutput.contains("── actors · safe "))
    let summary = result.outputLines.suffix(2)
    #expect(summary.first?.hasPrefix("racy: ") == true)
    #expect(
      summary.last == "safe: 0 violations  → fix holds: check and act were one step; no violation.")
  }

  @Test func jsonIsOneLinePerModeRacyFirst() throws {
    let result = try bikes.run([
      "--format", "json", "--riders", "6", "--paths", "2", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    let modes = try result.outputLines.map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["mode"] as? String
    }
    #expect(modes == ["racy", "safe"])
  }

  @Test func logPrintsOneLinePerEvent() throws {
    let result = try bikes.run([
      "--mode", "safe", "--riders", "1", "--paths", "1", "--station", "Chiado", "--log",
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.contains("rider 1 takes a bike at Chiado: free 4, empty 4"))
    #expect(result.outputLines.contains("rider 1 leaves a bike at Chiado: free 5, empty 3"))
  }

  @Test func replayPrintsTheSameStepsEveryTime() throws {
    let first = try bikes.run(["replay"])
    let second = try bikes.run(["replay"])
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    #expect(
      first.standardOutput.contains("4. A leaves a bike at Rossio: free 7, empty -1  ← empty -1"))
    #expect(first.standardOutput.contains("2. B is turned away at Rossio: no empty slot"))
  }

  /// The tests' own safety net: a child that would run for an hour is killed.
  @Test func aChildThatOutlivesItsLimitIsKilled() throws {
    let result = try bikes.run(["--leg-ms", "60000"], limit: 1)
    #expect(result.status == SIGKILL)
    #expect(!result.standardOutput.contains("bikes: "))
  }

  @Test(.timeLimit(.minutes(1)))
  func ctrlCEndsTheRunWithAPartialReport() throws {
    // Minute-long legs: the run can only end this quickly by being stopped.
    let result = try bikes.interrupt(["--mode", "safe", "--leg-ms", "60000", "--log"]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.standardOutput.contains("actors · safe · STOPPED (partial report)"))
    #expect(result.standardOutput.contains(": conserved"))
    #expect(result.errorLines.first?.hasPrefix("stopping:") == true)
  }
}
