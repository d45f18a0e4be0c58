import BikeShare
import Foundation
import TestSupport
import Testing

/// The command line every era shares (DESIGN.md), run on each era's built
/// executable as a user would. A failure names the era.
@Suite(.timeLimit(.minutes(3))) struct CommandLineContractTests {
  /// The whole help, pinned: it is made from the option table, and this says
  /// what it must read. Only the era's own lines (`Eras`) differ.
  @Test(arguments: Eras.all)
  func helpIsPinned(era: EraUnderTest) async throws {
    let bikes = era.info.executable
    let own = era.info.ownOptions.filter(\.inStages).map(\.name)  // the stages take these too
    let help = try await era.executable().running(["--help"])
    #expect(help.status == 0)
    #expect(help.standardError.isEmpty)
    #expect(
      help.standardOutput == """
        \(bikes): era \(era.info.number) of 5, \(era.era.summary)

        USAGE
          \(bikes) [run] [options]    simulate (the default)
          \(bikes) replay [stage]     one schedule, step by step (default: the README's story)
          \(bikes) explore [stage]    every schedule, counted and classified
          \(bikes) stress [stage]     no gate, the real runtime, N runs: an outcome histogram
          \(bikes) play [stage]       you choose who goes next: a game (default --mode racy)
          \(bikes) hazards [NAME]     its own ways to hang, each shown, then fixed (or: all)
          \(bikes) starts             which of two jobs sent in turn starts first (--pairs N)

        OPTIONS
        \(era.ownHelp)
          --riders N                     riders (default 50)
          --stations N                   first N stations of the city (default 4)
          --station ID_OR_NAME           pick a station (repeatable; overrides --stations)
          --paths N                      paths (bike trips) per rider (default 10)
          --vans N                       rebalancing vans, each moving as many bikes
                                         as a rider rides paths (default 0)
          --call-off N                   riders the app calls off while they ride
                                         (the dice choose them, and on which of
                                         their first three rides; default 0)
          --deadline-ms N                every rider called off N ms after it sets
                                         out, by a timer (default 0: no deadline)
          --goal ID_OR_NAME              a rider stops once it leaves a bike there
          --seed N                       dice seed (default 2021)
          --leg-ms N                     real time per leg in milliseconds (default 10)
          --race-window-us N             injected pause between check and act (default 100;
                                         0 without --log: nothing between them but the
                                         original code)
          --city embedded|PATH|URL       a CityBikes v2 network (default embedded);
                                         at most 64 MiB, a URL loaded within 30 s, at
                                         most 1000000 bikes or empty slots a station
          --format text|json             json: one line per mode (JSON Lines)
          --log                          one line per event, thousands a run
          --fail-on-violation            exit 3 if any violation was found
          --watchdog-ms N                exit 4 when no visit or transfer ends for N ms
                                         plus two legs (default 3000; 0: never)
          --help, --version

        STAGE OPTIONS for replay, explore, stress and play (and \((["--mode"] + own).joined(separator: ", "))):
        a story of a few riders (or vans), each step chosen or explored
          --story slot|bike|transfer|cancel|order|wait
                                         slot: riders arrive by bike, one empty slot (default)
                                         bike: riders on foot, one free bike
                                         transfer: vans move a bike between two stations
                                           (--mode racy|nested|safe|backoff)
                                         cancel: X (the app) calls off rider A
                                           (--riders 1 to 4)
                                         order: riders ask the app for one bike, in turn
                                           (--riders 1 to 4)
                                         wait: riders wait at empty Rossio for van V's bikes
                                           (--riders 1 to 3)
          --riders N                     riders: 2 to 4 (cancel, order: 1 to 4; wait: 1 to 3; default 2)
          --schedule S                   replay only: the order, e.g. 'A:arrive B:arrive B:window A:window'
          --max-switches N               explore only: at most N preemptions (default: no bound)
          --runs N                       stress only: runs (default 10000)
          --race-window-us N             stress only: injected pause (default 0: none)
          --format text|json|lanes|mermaid|html
                                         json: explore and stress, one line per mode; lanes,
                                         mermaid: replay and explore's examples as swimlanes;
                                         html: explore only, every schedule as one page to open
          --fail-on-violation            explore and stress: exit 3 if a forbidden result was found\(era.ownStageHelp)

        EXIT CODES
          0 done (a racy run that shows the race is a success)   1 city could not be loaded
          2 usage error   3 violations with --fail-on-violation   4 no progress (watchdog;
          stress: a run never ended)   130 stopped with Ctrl-C   hazards: 0 every case showed
          its point, 1 one did not   starts: 1 an order its way promises was seen broken

        """)
  }

  @Test(arguments: Eras.all)
  func versionIsOneLine(era: EraUnderTest) async throws {
    let version = try await era.executable().running(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "\(era.info.executable) 0.1.0\n")
  }

  @Test(arguments: Eras.all)
  func exploreCountsEveryScheduleAndExitsThreeOnlyWhenAsked(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let result = try await bikes.running([
      "explore", "--mode", "both", "--riders", "3", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 2)
    #expect(result.field("mode", line: 0) == "racy")
    #expect(result.field("schedules", line: 0) == "66")
    #expect(result.field("forbidden", line: 0) == "60")
    #expect(result.field("mode", line: 1) == "safe")
    #expect(result.field("schedules", line: 1) == "6")
    #expect(result.field("forbidden", line: 1) == "0")
    let text = try await bikes.running(["explore", "--mode", "racy", "--fail-on-violation"])
    #expect(text.status == 3)
    #expect(text.prints("e.g. A:arrive B:arrive B:window A:window (1 switch)"))
    #expect(text.standardOutput.hasSuffix("forbidden\n"))
  }

  @Test(arguments: Eras.all)
  func aScheduleStringReplaysAnywhereAndABadOneIsOneLine(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let result = try await bikes.running(
      ["replay", "--mode", "racy", "--story", "bike", "--schedule", "B:arrive A:arrive A:window"])
    #expect(result.status == 0)
    #expect(result.prints("Schedule: B:arrive A:arrive A:window\n"))
    #expect(
      result.prints("Played: B:arrive A:arrive A:window B:window"),
      "the rest is played without a switch and printed")
    #expect(result.prints("free 0, empty 6"))
    let bad = try await bikes.running([
      "replay", "--mode", "racy", "--schedule", "A:arrive A:window B:window",
    ])
    #expect(bad.status == 2)
    #expect(
      bad.errorLines == [
        "\(era.info.executable): --schedule cannot be played: step 3 expects B:window,"
          + " but it is at B:arrive"
      ])
  }

  @Test(arguments: Eras.all)
  func stressSaysWhatZeroMeans(era: EraUnderTest) async throws {
    let result = try await era.executable().running(["stress", "--mode", "safe", "--runs", "20"])
    #expect(result.status == 0)
    #expect(
      result.prints(
        "forbidden in 0 of 20 runs: the rate is below 15.00 % with 95 % confidence,"
          + " which proves nothing about 0"))
  }

  @Test(arguments: Eras.all)
  func replayPrintsTheSameStepsEveryTime(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let first = try await bikes.running(["replay"])
    let second = try await bikes.running(["replay"])
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
    #expect(
      first.prints("4. A leaves a bike at Rossio: free 7, empty -1  ← empty -1"))
    #expect(first.prints("2. B is turned away at Rossio: no empty slot"))
  }

  static let usageErrors: [(arguments: [String], message: String)] = [
    (["--riders", "none"], "--riders expects a whole number from 1 to 100000, got 'none'"),
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
    (["--call-off", "51"], "--call-off 51 calls off more riders than --riders 50"),
    (["--call-off", "-1"], "--call-off must not be negative, got -1"),
    (["explore", "--call-off", "1"], "explore does not take --call-off (see --help)"),
  ]

  @Test(arguments: Eras.all)
  func usageErrorsExitTwoWithOneLine(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    for (arguments, message) in Self.usageErrors {
      let result = try await bikes.running(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errorLines == ["\(era.info.executable): \(message)"])
      #expect(result.standardOutput.isEmpty, "\(arguments)")
    }
  }

  /// An era's own options are its own: every other era refuses them.
  @Test(arguments: Eras.all)
  func anotherErasOptionIsUnknown(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let others = EraInfo.all.filter { $0.name != era.name }.flatMap(\.ownOptions)
    #expect(!others.isEmpty)
    for option in others {
      let result = try await bikes.running([option.name, "x"])
      #expect(result.status == 2)
      #expect(
        result.errorLines == [
          "\(era.info.executable): unknown option '\(option.name)' (see --help)"
        ])
    }
  }

  static let brokenCities: [(json: String, reason: String)] = [
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
  ]

  @Test(arguments: Eras.all)
  func brokenCityFilesExitOneWithOneLine(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    for (json, reason) in Self.brokenCities {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "city-\(UUID().uuidString).json")
      try Data(json.utf8).write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      let result = try await bikes.running(["--city", url.path])
      #expect(result.status == 1)
      #expect(result.errorLines == ["\(era.info.executable): city file '\(url.path)' \(reason)"])
    }
  }

  @Test(arguments: Eras.all)
  func aMissingFileOrAnUnreachableURLExitsOne(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let missing = try await bikes.running(["--city", "/no/such/city.json"])
    #expect(missing.status == 1)
    #expect(
      missing.errorLines == [
        "\(era.info.executable): cannot read city file '/no/such/city.json': no such file"
      ])
    let unreachable = try await bikes.running(["--city", "http://127.0.0.1:1/v2/networks/none"])
    #expect(unreachable.status == 1)
    #expect(unreachable.errorLines.count == 1)
    #expect(
      unreachable.standardError.hasPrefix(
        "\(era.info.executable): cannot read city URL http://127.0.0.1:1/"))
  }

  @Test(arguments: Eras.all)
  func noArgumentsRunRacyThenSafeAndSumUpBoth(era: EraUnderTest) async throws {
    let result = try await era.executable().running([
      "--riders", "8", "--paths", "2", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.prints("── \(era.name) · racy "))
    #expect(result.prints("── \(era.name) · safe "))
    // The pause is the racy mode's: a safe report names no race window (rehearsal 8, 00-P3).
    let windows = result.unfittedLines.filter { $0.hasSuffix("leg 0 ms · race window 100 µs") }
    #expect(windows.count == 1, "\(result.unfittedLines)")
    let summary = result.unfittedLines.suffix(2)
    #expect(summary.first?.hasPrefix("racy: ") == true)
    #expect(
      summary.last == "safe: 0 violations  → fix holds: no counter left its range in this run.")
  }

  @Test(arguments: Eras.all)
  func jsonIsOneLinePerModeRacyFirstAndNamesTheEra(era: EraUnderTest) async throws {
    let result = try await era.executable().running([
      "--format", "json", "--riders", "6", "--paths", "2", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 2)
    #expect([result.field("mode", line: 0), result.field("mode", line: 1)] == ["racy", "safe"])
    #expect([result.field("era", line: 0), result.field("era", line: 1)] == [era.name, era.name])
  }

  @Test(arguments: Eras.all)
  func logPrintsOneLinePerEvent(era: EraUnderTest) async throws {
    let result = try await era.executable().running([
      "--mode", "safe", "--riders", "1", "--paths", "1", "--station", "Chiado", "--log",
    ])
    #expect(result.status == 0)
    #expect(result.printsLine("rider 1 takes a bike at Chiado: free 4, empty 4"))
    #expect(result.printsLine("rider 1 leaves a bike at Chiado: free 5, empty 3"))
  }

  /// Minute-long legs: the run can only end quickly (within the time limit)
  /// by being stopped.
  @Test(.timeLimit(.minutes(1)), arguments: Eras.all)
  func ctrlCEndsTheRunWithAPartialReport(era: EraUnderTest) async throws {
    let result = try await era.executable().interrupting([
      "--mode", "safe", "--leg-ms", "60000", "--log",
    ]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.prints("\(era.name) · safe · STOPPED (partial report)"))
    #expect(result.prints(": conserved"))
    #expect(result.errorLines.first?.hasPrefix("stopping:") == true)
  }

  /// The tests' own safety net: a child that would run for an hour is killed.
  @Test func aChildThatOutlivesItsLimitIsKilled() async throws {
    let result = try await Executable("bikes-callbacks").running(["--leg-ms", "60000"], limit: 1)
    #expect(result.status == SIGKILL)
    #expect(!result.prints("bikes: "))
  }
}
