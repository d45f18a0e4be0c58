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
    for era in EraInfo.all {
      #expect(
        options.arguments(for: era) == [
          "--format", "json", "--riders", "200", "--stations=2", "--seed", "7", "--log",
        ])
    }
    #expect(options.configuration.riders == 200)
    #expect(options.configuration.stationCount == 2)
    #expect(options.format == .text)
  }

  @Test func lockGoesToTheDispatchEraOnly() throws {
    let options = try options(["--lock", "barrier", "--paths", "3"])
    let dispatch = try #require(EraInfo.all.first { $0.name == "dispatch" })
    #expect(
      options.arguments(for: dispatch) == ["--format", "json", "--paths", "3", "--lock", "barrier"])
    for era in EraInfo.all where era.name != dispatch.name {
      #expect(options.arguments(for: era) == ["--format", "json", "--paths", "3"])
    }
    #expect(options.configuration.lock == .barrier)
  }

  @Test func replayPassesItsModeOn() throws {
    let options = try options(["--replay", "--mode", "racy"])
    #expect(options.replay)
    for era in EraInfo.all {
      #expect(options.arguments(for: era) == ["replay", "--mode", "racy"])
    }
  }

  @Test func jsonAndBinDirectoryAreTheRunnersOwn() throws {
    let options = try options(["--format", "json", "--bin-dir", "/tmp/eras"])
    #expect(options.format == .json)
    #expect(options.binDirectory == "/tmp/eras")
    #expect(options.arguments(for: EraInfo.all[0]) == ["--format", "json"])
  }

  @Test func erasRunOldestFirst() {
    #expect(
      EraInfo.all.map(\.executable) == [
        "bikes-callbacks", "bikes-operations", "bikes-dispatch", "bikes-actors",
      ])
  }

  @Test(arguments: [
    (
      ["--mode", "racy"], "side by side runs every era racy, then safe (--mode goes with --replay)"
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
    (["--format", "yaml"], "--format expects text or json, got 'yaml'"),
    (["--bin-dir"], "--bin-dir needs a value"),
    (["--replay", "--format", "json"], "--replay prints text (drop --format json)"),
    (["--replay", "--riders", "3"], "replay takes only --mode (got '--riders')"),
    (
      ["--replay", "--lock", "nslock"],
      "--replay takes only --mode (the replays use each era's own station)"
    ),
    (["--replay=yes"], "--replay takes no value"),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try OptionsParser.parse(arguments) }
  }

  @Test func helpAndVersion() throws {
    #expect(try OptionsParser.parse(["--riders", "3", "--help"]) == .help)
    #expect(try OptionsParser.parse(["--version"]) == .version)
  }
}
