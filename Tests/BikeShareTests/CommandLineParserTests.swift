import Testing

@testable import BikeShare

@Suite struct CommandLineParserTests {
  @Test func noArgumentsRunTheDefaults() throws {
    let command = try CommandLineParser.parse([], for: .callbacks)
    #expect(command == .run(Configuration()))
    let defaults = Configuration()
    #expect(defaults.modes == [.racy, .safe])
    #expect(defaults.riders == 50 && defaults.stationCount == 4 && defaults.paths == 10)
  }

  @Test func everyOptionIsRead() throws {
    let command = try CommandLineParser.parse(
      [
        "run", "--mode", "safe", "--riders", "7", "--stations=3", "--station", "Rossio",
        "--station", "Chiado", "--paths", "2", "--goal", "Chiado", "--seed", "99", "--leg-ms", "0",
        "--race-window-us", "5", "--city", "city.json", "--format", "json", "--log",
        "--fail-on-violation",
      ], for: .callbacks)
    var expected = Configuration()
    expected.modes = [.safe]
    expected.riders = 7
    expected.stationCount = 3
    expected.stationPicks = ["Rossio", "Chiado"]
    expected.paths = 2
    expected.goal = "Chiado"
    expected.seed = 99
    expected.legMilliseconds = 0
    expected.raceWindowMicroseconds = 5
    expected.city = .file("city.json")
    expected.format = .json
    expected.log = true
    expected.failOnViolation = true
    #expect(command == .run(expected))
  }

  @Test func replayTakesAMode() throws {
    var expected = StageOptions()
    #expect(try CommandLineParser.parse(["replay"], for: .callbacks) == .stage(.replay, expected))
    expected.modes = [.racy]
    expected.configuration.modes = [.racy]
    #expect(
      try CommandLineParser.parse(["replay", "--mode", "racy"], for: .callbacks)
        == .stage(.replay, expected))
  }

  @Test func theStageCommandsTakeTheirOwnOptions() throws {
    let command = try CommandLineParser.parse(
      [
        "replay", "--story", "bike", "--schedule", "c:arrive C:window", "--riders", "3", "--mode",
        "racy",
      ],
      for: .callbacks)
    guard case .stage(.replay, let options) = command else {
      Issue.record("expected a replay, got \(command)")
      return
    }
    #expect(options.story == .bike)
    #expect(options.riders == 3)
    #expect(options.schedule == Schedule([.init(2, .arrive), .init(2, .raceWindow)]))
    #expect(options.schedule?.description == "C:arrive C:window")
    let explore = try CommandLineParser.parse(
      ["explore", "--max-switches", "2", "--format", "json", "--lock", "atomic"], for: .dispatch)
    guard case .stage(.explore, let explored) = explore else {
      Issue.record("expected explore, got \(explore)")
      return
    }
    #expect(explored.maxSwitches == 2)
    #expect(explored.format == .json)
    #expect(explored.configuration.lock == .atomic)
    let stress = try CommandLineParser.parse(
      ["stress", "--runs", "50", "--race-window-us", "7", "--fix", "reserve"], for: .actors)
    guard case .stage(.stress, let stressed) = stress else {
      Issue.record("expected stress, got \(stress)")
      return
    }
    #expect(stressed.runs == 50)
    #expect(stressed.raceWindowMicroseconds == 7)
    #expect(stressed.configuration.fix == .reserve)
  }

  @Test(arguments: [
    (
      ["replay", "--story", "tram"],
      "--story expects slot, bike, transfer, cancel, order or wait, got 'tram'"
    ),
    (["explore", "--riders", "5"], "--riders expects a whole number from 1 to 4, got 5"),
    (["explore", "--riders", "1"], "--riders 1 is too few for --story slot: it takes 2 to 4"),
    (
      ["explore", "--story", "wait", "--riders", "4"],
      "--riders 4 is too many for --story wait: it takes 1 to 3"
    ),
    // fuzz-7, finding 5: no point of these stories pauses, so no pause is made.
    (
      ["stress", "--story", "order", "--race-window-us", "100000"],
      "--story order has no race window to widen (its points are ask and take):"
        + " drop --race-window-us"
    ),
    (
      ["stress", "--story", "cancel", "--race-window-us", "5"],
      "--story cancel has no race window to widen (its points are arrive, ride and cancel):"
        + " drop --race-window-us"
    ),
    (
      ["replay", "--mode", "racy", "--schedule", "A:arrive D:window"],
      "--schedule step 2 'D:window': the stage has riders A and B only"
    ),
    (
      ["replay", "--mode", "racy", "--schedule", "A-arrive"],
      "--schedule step 1 'A-arrive': expected RIDER:POINT, such as A:arrive or B:window"
    ),
    (
      // fuzz-6, N3: `ẚ` upper-cases to "Aʾ", which starts with A, but is no A.
      ["replay", "--mode", "racy", "--schedule", "ẚ:arrive B:arrive"],
      "--schedule step 1 'ẚ:arrive': expected RIDER:POINT, such as A:arrive or B:window"
    ),
    (
      ["replay", "--mode", "racy", "--schedule", "A:leave"],
      "--schedule step 1 'A:leave': the point is arrive or window"
    ),
    (["replay", "--mode", "racy", "--schedule", " "], "--schedule is empty"),
    (
      ["replay", "--schedule", "A:arrive"],
      "--schedule plays one mode: add --mode racy (or another)"
    ),
    (["explore", "--schedule", "A:arrive"], "explore does not take --schedule (replay does)"),
    (["replay", "--runs", "5"], "replay does not take --runs (stress does)"),
    (["stress", "--paths", "5"], "stress does not take --paths (see --help)"),
    (["explore", "--lock", "mutex"], "explore does not take --lock (see --help)"),
    (
      ["explore", "--mode", "nested"],
      "--mode nested is a mode of the transfer: add --story transfer"
    ),
    (
      ["replay", "--story", "transfer", "--mode", "racy", "--schedule", "A:arrive E:hold"],
      "--schedule step 2 'E:hold': the stage has vans A and B only"
    ),
    (
      ["replay", "--story", "transfer", "--mode", "nested", "--schedule", "A:leave"],
      "--schedule step 1 'A:leave': the point is arrive, window or hold"
    ),
    (
      ["replay", "--mode", "racy", "--schedule", "A:hold"],
      "--schedule step 1 'A:hold': the point is arrive or window"
    ),
    (
      ["explore", "--story", "transfer", "--riders", "5"],
      "--riders expects a whole number from 1 to 4, got 5"
    ),
    (
      ["explore", "--story", "transfer", "--riders", "1"],
      "--riders 1 is too few for --story transfer: it takes 2 to 4"
    ),
    (["explore", "--story", "cancel", "--riders", "1"], nil),
    (["play", "--story", "transfer", "--mode", "nested"], nil),
    (["explore", "--format", "html"], nil),
    (
      ["replay", "--format", "html"], "--format html is explore's atlas: every schedule as one page"
    ),
    (
      ["stress", "--format", "html"], "--format html is explore's atlas: every schedule as one page"
    ),
    (
      ["explore", "--format", "svg"],
      "--format expects text, json, lanes, mermaid or html, got 'svg'"
    ),
  ])
  func badStageOptionsAreUsageErrors(arguments: [String], message: String?) {
    guard let message else {
      #expect(throws: Never.self) { try CommandLineParser.parse(arguments, for: .callbacks) }
      return
    }
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments, for: .callbacks) }
  }

  /// The transfer's modes, per era: back-off only where a station can be held.
  @Test func theTransferTakesTheModesOfTheEra() throws {
    #expect(
      throws: UsageError(
        "--mode backoff has no transfer: --story transfer takes racy, nested, safe in bikes-actors"
      )
    ) {
      try CommandLineParser.parse(
        ["explore", "--story", "transfer", "--mode", "backoff"], for: .actors)
    }
    #expect(
      throws: UsageError(
        "--mode reentrant has no transfer: --story transfer takes racy, nested, safe in bikes-actors"
      )
    ) {
      try CommandLineParser.parse(
        ["explore", "--story", "transfer", "--mode", "reentrant"], for: .actors)
    }
    guard
      case .stage(_, let options) = try CommandLineParser.parse(
        ["explore", "--story", "transfer"], for: .dispatch)
    else {
      Issue.record("explore is a stage command")
      return
    }
    #expect(options.modes == [.racy, .nested, .safe, .backoff])
  }

  @Test func hazardsTakeANameAndABound() throws {
    var request = HazardsRequest()
    #expect(try CommandLineParser.parse(["hazards"], for: .dispatch) == .hazards(request))
    request.name = "lock-order"
    request.watchdogMilliseconds = 250
    #expect(
      try CommandLineParser.parse(["hazards", "lock-order", "--watchdog-ms=250"], for: .dispatch)
        == .hazards(request))
    #expect(try CommandLineParser.parse(["hazards", "--help"], for: .dispatch) == .help)
  }

  @Test func helpAndVersion() throws {
    #expect(try CommandLineParser.parse(["--help"], for: .callbacks) == .help)
    #expect(try CommandLineParser.parse(["-h"], for: .callbacks) == .help)
    #expect(try CommandLineParser.parse(["replay", "--help"], for: .callbacks) == .help)
    // A `--help` where a value was due is help, not a missing value (fuzz-6, 1);
    // a `-h` where a value was due is still that value.
    #expect(try CommandLineParser.parse(["--riders", "--help"], for: .callbacks) == .help)
    #expect(
      try CommandLineParser.parse(["--version", "--scheduler", "--help"], for: .actors) == .help)
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["--lock", "-h"], for: .dispatch)
    }
    #expect(try CommandLineParser.parse(["--version"], for: .callbacks) == .version)
  }

  @Test(arguments: [
    (["--fast"], "unknown option '--fast' (see --help)"),
    (["walk"], "unexpected argument 'walk' (see --help)"),
    (["--riders"], "--riders needs a value"),
    (["--riders", "--log"], "--riders needs a value"),
    (["--riders", "many"], "--riders expects a whole number from 1 to 100000, got 'many'"),
    (["--riders", "-3"], "--riders must not be negative, got -3"),
    (["--riders", "0"], "--riders expects a whole number from 1 to 100000, got 0"),
    (["--riders", "100001"], "--riders expects a whole number from 1 to 100000, got 100001"),
    (
      ["--riders", "99999999999999999999"],
      "--riders expects a whole number from 1 to 100000, got '99999999999999999999'"
    ),
    (["--stations", "0"], "--stations expects a whole number from 1 to 100000, got 0"),
    (["--paths", "0"], "--paths expects a whole number from 1 to 1000000, got 0"),
    (["--leg-ms", "-1"], "--leg-ms must not be negative, got -1"),
    (["--leg-ms", "1.5"], "--leg-ms expects a whole number from 0 to 60000, got '1.5'"),
    (
      ["--race-window-us", "x"],
      "--race-window-us expects a whole number from 0 to 1000000, got 'x'"
    ),
    (["--seed", "-1"], "--seed expects a whole number from 0 to 18446744073709551615, got '-1'"),
    (["--mode", "fast"], "--mode expects racy, safe, nested or both, got 'fast'"),
    (
      ["--mode", "nested"],
      "--mode nested is how vans hold stations: add --vans N (or replay it with --story transfer)"
    ),
    (["--vans", "-2"], "--vans must not be negative, got -2"),
    (["--vans", "10001"], "--vans expects a whole number from 0 to 10000, got 10001"),
    (["--format", "xml"], "--format expects text or json, got 'xml'"),
    (["--city", "ftp://x/y.json"], "--city 'ftp://x/y.json' is not an http(s) URL with a host"),
    (["--log=yes"], "--log takes no value"),
    (["--deadline-ms", "-5"], "--deadline-ms must not be negative, got -5"),
    (
      ["--deadline-ms", "600001"],
      "--deadline-ms expects a whole number from 0 to 600000, got 600001"
    ),
    (
      ["--deadline-ms", "20", "--call-off", "2"],
      "--call-off and --deadline-ms are two ways to call riders off: pick one"
    ),
    (["replay", "--deadline-ms", "20"], "replay does not take --deadline-ms (see --help)"),
    (["replay", "--paths", "3"], "replay does not take --paths (see --help)"),
    (
      ["hazards", "--watchdog-ms", "0"],
      "hazards needs its watchdog: --watchdog-ms from 1 to 600000, got 0"
    ),
    (
      ["hazards", "--watchdog-ms", "soon"],
      "--watchdog-ms expects a whole number from 1 to 600000, got 'soon'"
    ),
    (["hazards", "--watchdog-ms"], "--watchdog-ms needs a value"),
    (
      ["hazards", "lock-order", "sync-on-own-queue"],
      "hazards runs one hazard or all, got 'sync-on-own-queue' as well"
    ),
    (
      ["hazards", "--riders", "3"],
      "hazards does not take --riders (it takes a name and --watchdog-ms)"
    ),
  ])
  func badInputIsOneClearLine(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments, for: .callbacks) }
  }
}

@Suite struct SelectionTests {
  static let city = City(
    id: "c", name: "Testville",
    stations: [
      StationRecord(id: "a1", name: "Alpha", freeBikes: 1, emptySlots: 1),
      StationRecord(id: "b2", name: "Beta", freeBikes: 0, emptySlots: 2),
      StationRecord(id: "c3", name: "Gamma", freeBikes: 2, emptySlots: 0),
      StationRecord(id: "d4", name: "gamma", freeBikes: 2, emptySlots: 0),
    ])

  static func select(_ change: (inout Configuration) -> Void) throws(UsageError) -> Selection {
    var configuration = Configuration()
    change(&configuration)
    return try Selection(city: city, configuration: configuration)
  }

  @Test func firstStationsInFileOrder() throws {
    let selection = try Self.select { $0.stationCount = 2 }
    #expect(selection.stations.map(\.id) == ["a1", "b2"])
    #expect(selection.goal == nil)
  }

  @Test func stationPicksByIdOrNameOverrideTheCount() throws {
    let selection = try Self.select {
      $0.stationCount = 1
      $0.stationPicks = ["BETA", "a1"]
      $0.goal = "a1"
    }
    #expect(selection.stations.map(\.id) == ["b2", "a1"])
    #expect(selection.goal == 1)
  }

  @Test(
    arguments: [
      (
        { @Sendable (c: inout Configuration) in c.stationCount = 5 },
        "--stations 5: city 'Testville' has only 4 stations"
      ),
      (
        { @Sendable (c: inout Configuration) in
          c.stationCount = 1
          c.vans = 2
        },
        "--vans moves bikes between stations: it needs --stations 2 or more"
      ),
      (
        { @Sendable (c: inout Configuration) in c.stationPicks = ["Delta"] },
        "--station 'Delta': city 'Testville' has no station with that id or name"
      ),
      (
        { @Sendable (c: inout Configuration) in c.stationPicks = ["GAMMA"] },
        "--station 'GAMMA' names 2 stations; use the station id"
      ),
      (
        { @Sendable (c: inout Configuration) in c.stationPicks = ["a1", "Alpha"] },
        "--station 'Alpha' is given twice"
      ),
      (
        { @Sendable (c: inout Configuration) in c.goal = "Nowhere" },
        "--goal 'Nowhere': city 'Testville' has no station with that id or name"
      ),
      (
        { @Sendable (c: inout Configuration) in
          c.stationCount = 1
          c.goal = "Beta"
        },
        "--goal 'Beta' is not among the selected stations (add it with --station or raise --stations)"
      ),
      (
        { @Sendable (c: inout Configuration) in c.stationPicks = ["Beta"] },
        "the selected stations have no free bikes, so no rider could ever ride"
      ),
    ] as [(@Sendable (inout Configuration) -> Void, String)])
  func stationsTheCityDoesNotHaveAreUsageErrors(
    change: @Sendable (inout Configuration) -> Void, message: String
  ) {
    #expect(throws: UsageError(message)) { try Self.select(change) }
  }

  @Test func theDispatchEraAlsoHasLocksAndTheUnsynchronizedMode() throws {
    let command = try CommandLineParser.parse(
      ["--mode", "unsynchronized", "--lock", "serial-queue"], for: .dispatch)
    guard case .run(let configuration) = command else {
      Issue.record("expected a run, got \(command)")
      return
    }
    #expect(configuration.modes == [Mode(rawValue: "unsynchronized")])
    #expect(configuration.lock == LockKind.serialQueue)
  }

  @Test(arguments: [
    (
      ["--lock", "spinlock"], true,
      "--lock expects one of mutex, nslock, serial-queue, barrier, atomic, got 'spinlock'"
    ),
    (["--lock", "mutex"], false, "unknown option '--lock' (see --help)"),
    (
      ["--mode", "unsynchronized"], false,
      "--mode expects racy, safe, nested or both, got 'unsynchronized'"
    ),
    (
      ["replay", "--mode", "unsynchronized"], true,
      "replay tells a story of steps in order; run --mode unsynchronized or explore it instead"
    ),
  ])
  func locksAndTheUnsynchronizedModeBelongToTheDispatchEra(
    arguments: [String], threadsAndLocks: Bool, message: String
  ) {
    #expect(throws: UsageError(message)) {
      try CommandLineParser.parse(arguments, for: threadsAndLocks ? .dispatch : .callbacks)
    }
  }
}
