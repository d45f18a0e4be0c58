import TestSupport
import Testing

/// The built `bikes-callbacks`, run as a user would.
@Suite(.timeLimit(.minutes(3))) struct CallbacksCommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-callbacks") }

  /// The whole help, pinned: it is made from the option table, and this says what it must read.
  @Test func helpIsPinned() throws {
    let help = try bikes.run(["--help"])
    #expect(help.status == 0)
    #expect(
      help.standardOutput == """
        bikes-callbacks: completion handlers on DispatchQueues (before async/await)

        USAGE
          bikes-callbacks [run] [options]    simulate (the default)
          bikes-callbacks replay [stage]     one schedule, step by step (default: the README's story)
          bikes-callbacks explore [stage]    every schedule, counted and classified
          bikes-callbacks stress [stage]     no gate, the real runtime, N runs: an outcome histogram
          bikes-callbacks play [stage]       you choose who goes next: a game (default --mode racy)

        OPTIONS
          --mode racy|safe|both          default both: the race first, then the fix
          --riders N                     riders (default 50)
          --stations N                   first N stations of the city (default 4)
          --station ID_OR_NAME           pick a station (repeatable; overrides --stations)
          --paths N                      paths (bike trips) per rider (default 10)
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
          --log                          one line per event (it widens the race window)
          --fail-on-violation            exit 3 if any violation was found
          --help, --version

        STAGE OPTIONS for replay, explore, stress and play (and --mode):
        one station, 2 to 4 riders, one visit each
          --story slot|bike              slot: riders arrive by bike, one empty slot (default);
                                         bike: riders on foot, one free bike
          --riders N                     riders on the stage (default 2)
          --schedule S                   replay only: the order, e.g. 'A:arrive B:arrive B:window A:window'
          --max-switches N               explore only: at most N preemptions (default: no bound)
          --runs N                       stress only: runs (default 10000)
          --race-window-us N             stress only: injected pause (default 0: none)
          --format text|json|lanes|mermaid
                                         json: explore and stress, one line per mode; lanes,
                                         mermaid: replay and explore's examples as swimlanes
          --fail-on-violation            explore and stress: exit 3 if a forbidden result was found

        EXIT CODES
          0 done (a racy run that shows the race is a success)   1 city could not be loaded
          2 usage error   3 violations with --fail-on-violation   130 stopped with Ctrl-C

        """)
  }

  @Test func exploreCountsEveryScheduleAndExitsThreeOnlyWhenAsked() throws {
    let result = try bikes.run(["explore", "--riders", "3", "--format", "json"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains(#""forbidden":60"#) && lines[0].contains(#""schedules":66"#))
    #expect(lines[1].contains(#""forbidden":0"#) && lines[1].contains(#""schedules":6"#))
    let text = try bikes.run(["explore", "--mode", "racy", "--fail-on-violation"])
    #expect(text.status == 3)
    #expect(text.standardOutput.contains("e.g. A:arrive B:arrive B:window A:window (1 switch)"))
    #expect(text.standardOutput.hasSuffix("forbidden\n"))
  }

  @Test func aScheduleStringReplaysAnywhereAndABadOneIsOneLine() throws {
    let result = try bikes.run(
      ["replay", "--mode", "racy", "--story", "bike", "--schedule", "B:arrive A:arrive A:window"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("Schedule: B:arrive A:arrive A:window\n"))
    #expect(
      result.standardOutput.contains("Played: B:arrive A:arrive A:window B:window"),
      "the rest is played without a switch and printed")
    #expect(result.standardOutput.contains("free 0, empty 6"))
    let bad = try bikes.run([
      "replay", "--mode", "racy", "--schedule", "A:arrive A:window B:window",
    ])
    #expect(bad.status == 2)
    #expect(
      bad.errorLines == [
        "bikes-callbacks: --schedule cannot be played: step 3 expects B:window, but it is at B:arrive"
      ])
  }

  @Test func stressSaysWhatZeroMeans() throws {
    let result = try bikes.run(["stress", "--mode", "safe", "--runs", "20"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput.contains(
        "forbidden in 0 of 20 runs: the rate is below 15.00 % with 95 % confidence,"
          + " which proves nothing about 0"))
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

  @Test func badInputIsOneLineAndExitTwo() throws {
    let result = try bikes.run(["--riders", "none"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-callbacks: --riders expects a whole number from 1 to 100000, got 'none'"
      ])
  }

  @Test func jsonNamesTheEra() throws {
    let result = try bikes.run([
      "--format", "json", "--mode", "safe", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 1)
    #expect(result.standardOutput.contains(#""era":"callbacks""#))
  }

  /// Minute-long legs: the run can only end quickly (within the time limit)
  /// by being stopped.
  @Test(.timeLimit(.minutes(1)))
  func ctrlCEndsTheRunWithAPartialReport() throws {
    let result = try bikes.interrupt(["--mode", "safe", "--leg-ms", "60000", "--log"]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.standardOutput.contains("callbacks · safe · STOPPED (partial report)"))
    #expect(result.standardOutput.contains(": conserved"))
  }
}
