/// What the user asked for.
public enum Command: Sendable, Equatable {
  case run(Configuration)
  case replay(modes: [Mode])
  case help
  case version
}

/// A mistake on the command line: one line for stderr, exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// The hand-written parser shared by every era (`bikes-<era> [run|replay] [options]`),
/// reading the options of `EraInfo.options`.
public enum CommandLineParser {
  public static func parse(_ arguments: [String], for era: EraInfo) throws(UsageError) -> Command {
    var words = arguments[...]
    var isReplay = false
    switch words.first {
    case "run": words = words.dropFirst()
    case "replay": (isReplay, words) = (true, words.dropFirst())
    default: break
    }
    let options = era.options
    var configuration = Configuration()
    var reader = OptionReader(words)
    while reader.advance() {
      let (word, flag) = (reader.word, reader.flag)
      if isReplay, !["--mode", "--help", "-h"].contains(flag) {
        throw UsageError("replay takes only --mode (got '\(word)')")
      }
      switch flag {
      case "--help", "-h": return .help
      case "--version": return .version
      default: break
      }
      guard let option = options.first(where: { $0.name == flag }) else {
        if flag.hasPrefix("-") { throw UsageError("unknown option '\(flag)' (see --help)") }
        throw UsageError("unexpected argument '\(word)' (see --help)")
      }
      if option.value == nil, reader.inlineValue != nil {
        throw UsageError("\(flag) takes no value")
      }
      try option.apply(&configuration, option.value == nil ? "" : try reader.value())
      let unscripted = era.ownModes.filter { !$0.replays }.map(\.mode)
      if isReplay, let own = configuration.modes.first(where: unscripted.contains) {
        throw UsageError("replay tells a story of steps in order; run --mode \(own) instead")
      }
    }
    return isReplay ? .replay(modes: configuration.modes) : .run(configuration)
  }

  public static let version = "0.1.0"

  /// `--help`, made from the era's options.
  public static func help(for era: EraInfo, summary: String) -> String {
    let executable = era.executable
    return """
      \(executable): \(summary)

      USAGE
        \(executable) [run] [options]     simulate (the default)
        \(executable) replay [--mode M]   two riders, one empty slot, step by step

      OPTIONS
      \(optionLines(for: era).joined(separator: "\n"))

      EXIT CODES
        0 done (a racy run that shows the race is a success)   1 city could not be loaded
        2 usage error   3 violations with --fail-on-violation   130 stopped with Ctrl-C
      """
  }

  /// The OPTIONS section of `--help`.
  public static func optionLines(for era: EraInfo) -> [String] {
    era.options.flatMap(\.helpLines) + ["  --help, --version"]
  }
}
