/// What the user asked for.
public enum Command: Sendable, Equatable {
  case run(Configuration)
  /// `replay`, `explore` or `stress`, on the stage.
  case stage(StageCommand, StageOptions)
  /// `hazards [NAME|all]`: the era's own ways to stop making progress.
  case hazards(HazardsRequest)
  /// `starts [--pairs N]`: how often work started second begins first.
  case starts(StartsRequest)
  case help
  case version
}

/// The hand-written parser shared by every era (`bikes-<era> [run|replay] [options]`),
/// reading the options of `EraInfo.options`.
public enum CommandLineParser {
  public static func parse(_ arguments: [String], for era: EraInfo) throws(UsageError) -> Command {
    // Help wins wherever an option can stand, as in side by side:
    // `--riders abc --help` prints the help (exit 0), not the error about
    // `abc`; but `--lock -h` is a lock called "-h", and an error.
    if OptionReader.asksForHelp(arguments[...], takesValue: { takesValue($0, era: era) }) {
      return .help
    }
    if OptionReader.asksForVersion(arguments[...], takesValue: { takesValue($0, era: era) }) {
      return .version
    }
    var words = arguments[...]
    if words.first == "run" { words = words.dropFirst() }
    if let first = words.first, let command = StageCommand(rawValue: first) {
      return try parseStage(command, words.dropFirst(), for: era)
    }
    if words.first == "hazards" { return try parseHazards(words.dropFirst()) }
    if words.first == "starts" { return try parseStarts(words.dropFirst()) }
    let options = era.options
    var configuration = Configuration()
    var reader = OptionReader(words)
    while reader.advance() {
      let (word, flag) = (reader.word, reader.flag)
      if flag == "--version" { return .version }
      guard let option = options.first(where: { $0.name == flag }) else {
        if flag.hasPrefix("-") { throw UsageError("unknown option '\(flag)' (see --help)") }
        throw UsageError("unexpected argument '\(word)' (see --help)")
      }
      if option.value == nil, reader.inlineValue != nil {
        throw UsageError("\(flag) takes no value")
      }
      try option.apply(&configuration, option.value == nil ? "" : try reader.value())
    }
    if configuration.modes.contains(.nested), configuration.vans == 0 {
      let story = Story.allCases.first { $0.plot.modes(for: era).contains(.nested) }
      throw UsageError(
        "--mode nested is how vans hold stations: add --vans N"
          + (story.map { " (or replay it with --story \($0.rawValue))" } ?? ""))
    }
    if configuration.callOffs > 0, configuration.deadlineMilliseconds > 0 {
      throw UsageError(
        "--call-off and --deadline-ms are two ways to call riders off: pick one")
    }
    if configuration.callOffs > configuration.riders {
      throw UsageError(
        "--call-off \(configuration.callOffs) calls off more riders than --riders \(configuration.riders)"
      )
    }
    return .run(configuration)
  }

  /// Whether `flag` is an option of `era`'s that takes a value.
  public static func takesValue(_ flag: String, era: EraInfo) -> Bool {
    if let option = era.options.first(where: { $0.name == flag }) { return option.value != nil }
    if let stage = (StageOption.all + era.ownStageOptions).first(where: { $0.name == flag }) {
      return stage.value != nil
    }
    return false
  }

  /// The modes stories bring (the transfer's `nested`, say), not any era's own.
  static var storyModes: [Mode] {
    let eraModes = EraInfo.all.flatMap { $0.ownModes.map(\.mode) }
    return Story.allCases.flatMap { story in EraInfo.all.flatMap { story.plot.modes(for: $0) } }
      .filter { !eraModes.contains($0) }
  }

  /// `replay`, `explore`, `stress`: `--mode`, the stage's options, the era's own.
  private static func parseStage(
    _ command: StageCommand, _ words: ArraySlice<String>, for era: EraInfo
  ) throws(UsageError) -> Command {
    var options = StageOptions()
    let modeOption = Option.mode(era.ownModes)
    var modeGiven = false
    var reader = OptionReader(words)
    while reader.advance() {
      let (word, flag) = (reader.word, reader.flag)
      if flag == "--version" { return .version }
      let value: () throws(UsageError) -> String = { () throws(UsageError) in
        try reader.value()
      }
      if flag == modeOption.name {
        let text = try value()
        modeGiven = true
        // A story's own modes (not an era's); whether this story has it is
        // checked below.
        if let mode = Self.storyModes.first(where: { $0.rawValue == text }),
          !era.modes.contains(mode)
        {
          options.modes = [mode]
          continue
        }
        try modeOption.apply(&options.configuration, text)
        options.modes = options.configuration.modes
      } else if let own = era.ownOptions.first(where: { $0.name == flag }) {
        guard own.inStages else {
          throw UsageError("\(command.rawValue) does not take \(flag) (a whole run does)")
        }
        try own.apply(&options.configuration, own.value == nil ? "" : try value())
      } else if let stage = (StageOption.all + era.ownStageOptions).first(where: {
        $0.name == flag
      }) {
        guard stage.commands.contains(command) else {
          let takers = StageCommand.allCases.filter(stage.commands.contains).map(\.rawValue)
          throw UsageError(
            "\(command.rawValue) does not take \(flag) (\(takers.joined(separator: ", ")) does)")
        }
        if stage.value == nil, reader.inlineValue != nil {
          throw UsageError("\(flag) takes no value")
        }
        try stage.apply(&options, stage.value == nil ? "" : try value())
      } else if flag.hasPrefix("-") {
        throw UsageError("\(command.rawValue) does not take \(flag) (see --help)")
      } else {
        throw UsageError("unexpected argument '\(word)' (see --help)")
      }
    }
    switch (command, options.format) {
    case (.replay, .json): throw UsageError("replay prints text, lanes or mermaid, not json")
    case (.replay, .html), (.stress, .html):
      throw UsageError("--format html is explore's atlas: every schedule as one page")
    case (.explore, .html) where options.jobs:
      throw UsageError("--format html draws the gate's schedules: drop --scheduler jobs")
    case (.stress, .lanes), (.stress, .mermaid):
      throw UsageError("stress prints text or json: it has no single run to draw")
    default: break
    }
    let plot = options.story.plot
    guard plot.riderRange.contains(options.riders) else {
      let range = plot.riderRange
      throw UsageError(
        "--riders \(options.riders) is too \(options.riders < range.lowerBound ? "few" : "many")"
          + " for --story \(options.story): it takes"
          + " \(range.lowerBound) to \(range.upperBound)")
    }
    if options.raceWindowMicroseconds > 0,
      !plot.points.contains(.raceWindow), !plot.points.contains(.hold)
    {
      let points = plot.points.map(\.word)
      throw UsageError(
        "--story \(options.story) has no race window to widen (its points are"
          + " \(points.dropLast().joined(separator: ", ")) and \(points.last ?? "")):"
          + " drop --race-window-us")
    }
    if !modeGiven { options.modes = plot.defaultModes(for: era) }
    if let other = options.modes.first(where: { !plot.modes(for: era).contains($0) }) {
      if Self.storyModes.contains(other),
        let home = Story.allCases.first(where: { story in
          story != options.story
            && EraInfo.all.contains { story.plot.modes(for: $0).contains(other) }
        })
      {
        throw UsageError("--mode \(other) is a mode of the \(home): add --story \(home)")
      }
      let names = plot.modes(for: era).map(\.rawValue).joined(separator: ", ")
      throw UsageError(
        "--mode \(other) has no \(options.story): --story \(options.story) takes \(names) in"
          + " \(era.executable)")
    }
    if command == .play {
      if options.modes.count > 1 { options.modes = [.racy] }
    }
    if options.jobs, !plot.exploresJobs {
      let stories = Story.allCases.filter(\.plot.exploresJobs).map(\.rawValue)
      throw UsageError(
        "--scheduler jobs explores the stories of one station (\(stories.joined(separator: ", ")))"
          + ", not --story \(options.story)")
    }
    if options.jobs, options.maxSwitches != nil {
      throw UsageError(
        "--scheduler jobs takes no --max-switches: a job belongs to no rider to switch from")
    }
    if let text = options.scheduleText {
      options.schedule = try Schedule.parse(text, riders: options.riders, story: options.story)
      if options.modes.count > 1 {
        throw UsageError("--schedule plays one mode: add --mode racy (or another)")
      }
    }
    let unscripted = era.ownModes.filter { !$0.replays }.map(\.mode)
    if command == .replay, let own = options.modes.first(where: unscripted.contains) {
      throw UsageError(
        "replay tells a story of steps in order; run --mode \(own) or explore it instead")
    }
    return .stage(command, options)
  }

  /// `hazards [NAME|all] [--watchdog-ms N]`; `--case K` is how it runs a
  /// case in its child process.
  private static func parseHazards(_ words: ArraySlice<String>) throws(UsageError) -> Command {
    var request = HazardsRequest()
    var reader = OptionReader(words)
    func number(_ flag: String, _ text: String, _ range: ClosedRange<Int>) throws(UsageError)
      -> Int
    {
      guard let value = Int(text), range.contains(value) else {
        throw UsageError(
          "\(flag) expects a whole number from \(range.lowerBound) to \(range.upperBound),"
            + " got '\(text)'")
      }
      return value
    }
    while reader.advance() {
      switch reader.flag {
      case "--version": return .version
      case "--watchdog-ms":
        let text = try reader.value()
        if text == "0" {
          throw UsageError("hazards needs its watchdog: --watchdog-ms from 1 to 600000, got 0")
        }
        request.watchdogMilliseconds = try number("--watchdog-ms", text, 1...600_000)
      case "--case": request.caseIndex = try number("--case", try reader.value(), 0...99)
      case let flag where flag.hasPrefix("-"):
        throw UsageError("hazards does not take \(flag) (it takes a name and --watchdog-ms)")
      default:
        guard request.name == nil else {
          throw UsageError("hazards runs one hazard or all, got '\(reader.word)' as well")
        }
        request.name = reader.word
      }
    }
    return .hazards(request)
  }

  /// `starts [--pairs N]`.
  private static func parseStarts(_ words: ArraySlice<String>) throws(UsageError) -> Command {
    var request = StartsRequest()
    var reader = OptionReader(words)
    while reader.advance() {
      switch reader.flag {
      case "--version": return .version
      case "--pairs":
        let text = try reader.value()
        guard let pairs = Int(text), (1...1_000_000).contains(pairs) else {
          throw UsageError("--pairs expects a whole number from 1 to 1000000, got '\(text)'")
        }
        request.pairs = pairs
      case "--format":
        let text = try reader.value()
        guard let format = OutputFormat(rawValue: text) else {
          throw UsageError("--format expects text or json for starts, got '\(Text.quoted(text))'")
        }
        request.format = format
      case let flag where flag.hasPrefix("-"):
        throw UsageError("starts does not take \(flag) (it takes --pairs and --format)")
      default:
        throw UsageError("starts takes no argument, got '\(reader.word)'")
      }
    }
    return .starts(request)
  }

  public static let version = "0.1.0"
}
