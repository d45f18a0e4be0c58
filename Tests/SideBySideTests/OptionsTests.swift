import BikeShare
import Testing

@testable import SideBySide

@Suite struct OptionsTests {
  func options(_ arguments: [String]) throws -> Options {
    guard case .compare(let options) = try OptionsParser.parse(arguments) else {
      Issue.record("expected options, got help or version")
      return Options()
    }
    return options
  }

  @Test func everyEraGetsTheSameOptionsAndJSONOutput() throws {
    let options = try options(["--riders", "200", "--stations=2", "--seed", "7", "--log"])
    // Passed on as `--name=value`: an era never reads a value as a flag.
    let common = ["--format", "json", "--riders=200", "--stations=2", "--seed=7", "--log"]
    for era in EraInfo.all {
      #expect(options.runs(for: era).allSatisfy { $0.starts(with: common) })
    }
    #expect(options.configuration.riders == 200)
    #expect(options.configuration.stationCount == 2)
    #expect(options.format == .text)
  }

  /// A row per mode, and the racy mode a second time without its pause.
  @Test func everyEraRunsRacyWithAndWithoutThePauseThenItsOwnModesThenSafe() throws {
    let options = try options(["--paths", "3"])
    for era in EraInfo.all {
      let tails = options.runs(for: era).map { $0.dropFirst(3) }  // --format json --paths=3
      let own = era.name == "actors" ? [["--mode", "reentrant"]] : []
      let onMain =
        era.name == "actors"
        ? [["--mode", "racy", "--race-window-us", "0", "--callers", "main-actor"]] : []
      #expect(
        tails.map(Array.init)
          == [["--mode", "racy"], ["--mode", "racy", "--race-window-us", "0"]] + onMain + own + [
            ["--mode", "safe"]
          ])
    }
    // Already at window 0: the second racy row would repeat the first.
    let bare = try self.options(["--race-window-us", "0"])
    #expect(bare.runs(for: .callbacks).count == 2)
  }

  @Test func eachEraGetsOnlyItsOwnOptions() throws {
    let options = try options([
      "--lock", "barrier", "--fix", "isolated", "--exclusive", "station", "--paths", "3",
    ])
    for era in EraInfo.all {
      let expected =
        ["--format", "json", "--paths=3"]
        + (era.name == "dispatch" ? ["--lock=barrier"] : [])
        + (era.name == "futures" ? ["--exclusive=station"] : [])
        + (era.name == "actors" ? ["--fix=isolated"] : [])
      #expect(options.runs(for: era).allSatisfy { $0.starts(with: expected) })
      #expect(
        options.runs(for: era).allSatisfy {
          [2, 4, 6].contains($0.count - expected.count)
        })
    }
    #expect(options.configuration.lock == .barrier)
    #expect(options.configuration.fix == .isolated)
    #expect(options.configuration.exclusive == .station)
    #expect(throws: UsageError.self) { try OptionsParser.parse(["--fix", "nope"]) }
    #expect(throws: UsageError.self) { try OptionsParser.parse(["--exclusive", "nope"]) }
  }

  @Test func replayPassesItsModeOn() throws {
    let options = try options(["--replay", "--mode", "racy"])
    #expect(options.replay)
    #expect(options.replayArguments() == ["replay", "--mode=racy"])
  }

  @Test func jsonAndBinDirectoryAreTheRunnersOwn() throws {
    let options = try options(["--format", "json", "--bin-dir", "/tmp/eras"])
    #expect(options.format == .json)
    #expect(options.binDirectory == "/tmp/eras")
    #expect(options.runs(for: EraInfo.all[0])[0] == ["--format", "json", "--mode", "racy"])
  }

  @Test func erasRunOldestFirst() {
    #expect(
      EraInfo.all.map(\.executable) == [
        "bikes-callbacks", "bikes-operations", "bikes-dispatch", "bikes-futures", "bikes-actors",
      ])
  }

  @Test(arguments: [
    (
      ["--mode", "racy"], "side by side runs every era in every mode (--mode goes with --replay)"
    ),
    (
      ["--fail-on-violation"],
      "--fail-on-violation is built in: side by side exits 3 when a safe row has a violation"
    ),
    (["--riders", "many"], "--riders expects a whole number from 1 to 100000, got 'many'"),
    (
      ["--lock", "spin"],
      "--lock expects one of mutex, nslock, serial-queue, barrier, atomic, got 'spin'"
    ),
    (["--speed", "3"], "unknown option '--speed' (see --help)"),
    (["replay"], "unexpected argument 'replay' (see --help)"),
    (["--format", "yaml"], "--format expects text, json or html, got 'yaml'"),
    (
      ["--format", "html", "--replay"],
      "--format html draws the explorer's schedules: drop --replay"
    ),
    (
      ["--format", "html", "--mode", "racy"],
      "--explore explores every mode of every era (drop --mode)"
    ),
    (["--bin-dir"], "--bin-dir needs a value"),
    (["--replay", "--format", "json"], "--replay prints text (drop --format json)"),
    (["--replay", "--paths", "3"], "replay does not take --paths (see --help)"),
    (
      ["--replay", "--lock", "nslock"],
      "--replay takes only --mode (the replays use each era's own station)"
    ),
    (["--replay=yes"], "--replay takes no value"),
    // The fuzzer's: a value is never read as a flag, and every era checks
    // what it will get before any runs.
    (
      ["--lock=-h"],
      "--lock expects one of mutex, nslock, serial-queue, barrier, atomic, got '-h'"
    ),
    (
      ["--lock", "-h"],
      "--lock expects one of mutex, nslock, serial-queue, barrier, atomic, got '-h'"
    ),
    (["--fix=-h"], "--fix expects one of method, isolated, reserve, got '-h'"),
    (["--exclusive=--help"], "--exclusive expects one of condition, station, got '--help'"),
    (
      ["--thread-cap", "2"],
      "bikes-callbacks refuses what side by side would pass to every era:"
        + " unknown option '--thread-cap' (see --help)"
    ),
    (
      ["--replay", "--story", "transfer", "--mode", "backoff"],
      "bikes-actors refuses what side by side would pass to every era: --mode backoff has no"
        + " transfer: --story transfer takes racy, nested, safe in bikes-actors"
    ),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try OptionsParser.parse(arguments) }
  }

  @Test func helpAndVersion() throws {
    #expect(try OptionsParser.parse(["--riders", "3", "--help"]) == .help)
    #expect(try OptionsParser.parse(["--version"]) == .version)
  }
}
