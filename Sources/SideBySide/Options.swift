import BikeShare

/// What `bikes-side-by-side` was asked to do.
struct Options: Sendable, Equatable {
  var format = OutputFormat.text
  /// `--format html`: every era's atlas of the stage in one page (an explore view).
  var html = false
  var replay = false
  /// `--explore`: every era's explorer, one row per mode.
  var explore = false
  /// Where the era executables are; nil: beside this executable.
  var binDirectory: String?
  /// Options every era gets, as typed (validated with the eras' own parser).
  var shared: [String] = []
  /// `--lock X`: for `bikes-dispatch` only.
  var lock: [String] = []
  /// `--exclusive X`: for `bikes-futures` only.
  var exclusive: [String] = []
  /// `--fix X`: for `bikes-actors` only.
  var fix: [String] = []
  /// What the eras will read from `shared` and their own options (for the table's title).
  var configuration = Configuration()
  /// `--explore`: the stage the eras will explore (for the title).
  var stage = StageOptions()

  /// `--replay`: the era's replay, with the options as typed.
  func replayArguments() -> [String] { ["replay"] + shared }

  /// `--explore`: one explorer run per mode the story has in the era (its
  /// own modes that a schedule can order: racy, the era's own, safe on one
  /// station; the transfer's modes for `--story transfer`).
  func exploreRuns(for era: EraInfo) -> [[String]] {
    let unscripted = era.ownModes.filter { !$0.replays }.map(\.mode)
    let modes = stage.story.plot.modes(for: era).filter { !unscripted.contains($0) }
    return modes.map {
      ["explore", "--format", html ? "html" : "json", "--mode", $0.rawValue] + shared
        + own(for: era)
    }
  }

  /// The options only `era` takes, as typed.
  func own(for era: EraInfo) -> [String] {
    (era.takes(.lock) ? lock : []) + (era.takes(.exclusive) ? exclusive : [])
      + (era.takes(.fix) ? fix : [])
  }

  /// The table: one run per row, each printing one JSON report. The racy
  /// mode with the pause, the same without it (window 0, when the pause is
  /// not 0 already), in the actors era the same again with its riders'
  /// check and act on the main actor (`--callers main-actor`), the era's own
  /// modes that replay, then the fix.
  func runs(for era: EraInfo) -> [[String]] {
    let common = ["--format", "json"] + shared + own(for: era)
    var runs = [common + ["--mode", Mode.racy.rawValue]]
    if configuration.raceWindowMicroseconds > 0 {
      runs.append(common + ["--mode", Mode.racy.rawValue, "--race-window-us", "0"])
    }
    if era.takes(.callers) {
      runs.append(
        common + [
          "--mode", Mode.racy.rawValue, "--race-window-us", "0", "--callers",
          ActorsCallers.mainActor.rawValue,
        ])
    }
    for own in era.ownModes where own.replays {
      runs.append(common + ["--mode", own.mode.rawValue])
    }
    runs.append(common + ["--mode", Mode.safe.rawValue])
    return runs
  }
}

enum Request: Sendable, Equatable {
  case compare(Options)
  case help
  case version
}

enum OptionsParser {
  static let executable = "bikes-side-by-side"

  static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    // Help wins wherever an option can stand, in every executable; a value
    // (`--lock -h`) is never read as a flag.
    if OptionReader.asksForHelp(arguments[...], takesValue: takesValue) { return .help }
    if OptionReader.asksForVersion(arguments[...], takesValue: takesValue) { return .version }
    var options = Options()
    var reader = OptionReader(arguments[...])
    var modeGiven = false
    while reader.advance() {
      let (word, flag) = (reader.word, reader.flag)
      func value() throws(UsageError) -> String { try reader.value() }
      switch flag {
      case "--version": return .version
      case "--format":
        let text = try value()
        if text == "html" {
          options.html = true
          continue
        }
        guard let format = OutputFormat(rawValue: text) else {
          throw UsageError("--format expects text, json or html, got '\(text)'")
        }
        options.format = format
        options.html = false
      case "--replay":
        if reader.inlineValue != nil { throw UsageError("--replay takes no value") }
        options.replay = true
      case "--explore":
        if reader.inlineValue != nil { throw UsageError("--explore takes no value") }
        options.explore = true
      case "--bin-dir":
        let folder = try value()
        if folder.isEmpty { throw UsageError("--bin-dir needs a folder") }
        options.binDirectory = folder
      // Passed on as `--name=value`: an era never reads the value as a flag.
      case "--lock": options.lock = ["--lock=" + (try value())]
      case "--exclusive": options.exclusive = ["--exclusive=" + (try value())]
      case "--fix": options.fix = ["--fix=" + (try value())]
      case "--fail-on-violation":
        throw UsageError(
          "--fail-on-violation is built in: side by side exits 3 when a safe row has a violation")
      default:
        guard flag.hasPrefix("-") else {
          throw UsageError("unexpected argument '\(word)' (see --help)")
        }
        if flag == "--mode" { modeGiven = true }
        // Everything else is the eras' own option; its value, if any, follows
        // it, and is passed on as `--name=value`.
        if takesValue(flag), reader.inlineValue == nil {
          options.shared.append(flag + "=" + (try value()))
        } else {
          options.shared.append(word)
          // An option no era has: its value goes along, for the era to refuse.
          if !takesValue(flag), let next = reader.followingValue() { options.shared.append(next) }
        }
      }
    }
    if options.replay && options.explore {
      throw UsageError("--replay and --explore are two different views: pick one")
    }
    if options.html {
      if options.replay {
        throw UsageError("--format html draws the explorer's schedules: drop --replay")
      }
      options.explore = true
    }
    if options.explore {
      if modeGiven {
        throw UsageError("--explore explores every mode of every era (drop --mode)")
      }
      for era in EraInfo.all {
        let command = try check(["explore"] + options.shared, own: options.own(for: era), era)
        if era.name == EraInfo.dispatch.name, case .stage(_, let stage) = command {
          options.stage = stage
        }
      }
    } else if options.replay {
      if options.format == .json { throw UsageError("--replay prints text (drop --format json)") }
      if !options.lock.isEmpty || !options.exclusive.isEmpty || !options.fix.isEmpty {
        throw UsageError("--replay takes only --mode (the replays use each era's own station)")
      }
      for era in EraInfo.all { _ = try check(["replay"] + options.shared, era) }
    } else {
      if modeGiven {
        throw UsageError(
          "side by side runs every era in every mode (--mode goes with --replay)")
      }
      for era in EraInfo.all {
        guard
          case .run(let configuration) = try check(options.shared, own: options.own(for: era), era)
        else { continue }
        switch era.name {
        case EraInfo.dispatch.name: options.configuration = configuration
        case EraInfo.futures.name: options.configuration.exclusive = configuration.exclusive
        case EraInfo.actors.name: options.configuration.fix = configuration.fix
        default: break
        }
      }
    }
    return .compare(options)
  }

  /// Whether `flag` takes a value: side by side's own, or any era's.
  static func takesValue(_ flag: String) -> Bool {
    ["--format", "--bin-dir", "--lock", "--exclusive", "--fix"].contains(flag)
      || EraInfo.all.contains { CommandLineParser.takesValue(flag, era: $0) }
  }

  /// Checks the arguments `era` will get (`shared`, then its `own`) before
  /// anything runs. A mistake every era would make alike, or one in the
  /// era's own options, is its one line; a shared option that only some
  /// eras refuse (`--thread-cap`, a mode one era lacks) names the era.
  static func check(_ shared: [String], own: [String] = [], _ era: EraInfo) throws(UsageError)
    -> Command
  {
    func parse(_ arguments: [String], _ era: EraInfo) -> Result<Command, UsageError> {
      do throws(UsageError) {
        return .success(try CommandLineParser.parse(arguments, for: era))
      } catch { return .failure(error) }
    }
    switch parse(shared + own, era) {
    case .success(.help):
      throw UsageError(
        "\(era.executable) would print its help for \((shared + own).joined(separator: " "))")
    case .success(let command): return command
    case .failure(let error):
      if case .failure = parse(shared, era),
        EraInfo.all.contains(where: { if case .success = parse(shared, $0) { true } else { false } }
        )
      {
        throw UsageError(
          "\(era.executable) refuses what side by side would pass to every era: \(error)")
      }
      throw error
    }
  }

  /// The options every era takes that side by side passes on, as `--help` lists them.
  static var passedOnLines: [String] {
    let names = Option.shared.filter(\.passedOn).map(\.name)
    var lines = ["  any other option        passed to every era:"]
    for (index, name) in names.enumerated() {
      let word = " " + name + (index < names.count - 1 ? "," : "")
      if lines[lines.count - 1].count + word.count > 90 {
        lines.append(String(repeating: " ", count: 25))
      }
      lines[lines.count - 1] += word
    }
    return lines
  }

  static let help = """
    \(executable): every era of the playground, racy then safe, in one table

    USAGE
      Scripts/side-by-side.sh [options]          builds in release, then runs this
      \(executable) [options]             runs the era executables beside it
      \(executable) --replay [--mode M]   the five replays, one after another
      \(executable) --explore [stage]      every era's explorer in one table

    OPTIONS
      --format text|json|html json: all rows as one JSON array (each row an era's report
                              plus "meaning"); html: --explore as one page, the table
                              and every era's tree of schedules
      --replay                the two riders and one empty slot, era by era
      --explore               every schedule of the stage, era by era: one row per mode
                              (takes --story, --riders, --max-switches)
      --bin-dir DIR           where the era executables are (default: beside this one)
      --lock KIND             passed to bikes-dispatch only
      --exclusive KIND        passed to bikes-futures only
      --fix KIND              passed to bikes-actors only
    \(passedOnLines.joined(separator: "\n"))
      --help, --version

    EXIT CODES
      0 every safe row holds   1 an era could not run (city, missing report)   2 usage error
      3 a safe row has a violation   130 stopped with Ctrl-C
    """
}
