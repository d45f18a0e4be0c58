import BikeShare
import TestSupport
import Testing

/// The built `bikes-futures`, run as a user would.
@Suite(.timeLimit(.minutes(3))) struct FuturesCommandLineTests {
  let bikes: Executable
  init() throws { bikes = try Executable("bikes-futures") }

  /// The whole help, pinned: it is made from the option table, and this says what it must read.
  @Test func helpIsPinned() throws {
    let help = try bikes.run(["--help"])
    #expect(help.status == 0)
    #expect(
      help.standardOutput == """
        bikes-futures: futures and a blocking wait (AlecrimAsyncKit style, before async/await)

        USAGE
          bikes-futures [run] [options]    simulate (the default)
          bikes-futures replay [stage]     one schedule, step by step (default: the README's story)
          bikes-futures explore [stage]    every schedule, counted and classified
          bikes-futures stress [stage]     no gate, the real runtime, N runs: an outcome histogram
          bikes-futures play [stage]       you choose who goes next: a game (default --mode racy)

        OPTIONS
          --mode racy|safe|both          default both: the race first, then the fix
          --exclusive condition|station  how safe riders check and act as one unit:
                                         condition: the rider's two futures inside one with
                                         a mutually exclusive condition per station
                                         (default); station: one future checks and acts
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

        STAGE OPTIONS for replay, explore, stress and play (and --mode, --exclusive):
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
    let result = try bikes.run(["--exclusive", "lock"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-futures: --exclusive expects one of condition, station, got 'lock'"
      ])
  }

  @Test(arguments: FuturesExclusive.allCases)
  func jsonNamesTheEraAndTheFix(exclusive: FuturesExclusive) throws {
    let result = try bikes.run([
      "--format", "json", "--mode", "safe", "--riders", "4", "--leg-ms", "0", "--exclusive",
      exclusive.rawValue,
    ])
    #expect(result.status == 0)
    #expect(result.outputLines.count == 1)
    #expect(result.standardOutput.contains(#""era":"futures""#))
    #expect(result.standardOutput.contains(#""exclusive":"\#(exclusive.rawValue)""#))
  }

  /// Minute-long legs: the run can only end quickly (within the time limit)
  /// by being stopped, which cancels every rider's leg future.
  @Test(.timeLimit(.minutes(1)), arguments: FuturesExclusive.allCases)
  func ctrlCEndsTheRunWithAPartialReport(exclusive: FuturesExclusive) throws {
    let result = try bikes.interrupt([
      "--mode", "safe", "--leg-ms", "60000", "--log", "--exclusive", exclusive.rawValue,
    ]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130)
    #expect(result.standardOutput.contains("futures · safe · STOPPED (partial report)"))
    #expect(result.standardOutput.contains(": conserved"))
  }
}
