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

/// The hand-written parser shared by every era (`bikes-<era> [run|replay] [options]`).
public enum CommandLineParser {
  /// - Parameter threadsAndLocks: the era is `bikes-dispatch`: it also has
  ///   `--mode unsynchronized` and `--lock`.
  public static func parse(_ arguments: [String], threadsAndLocks: Bool = false)
    throws(UsageError) -> Command
  {
    var words = arguments[...]
    var isReplay = false
    switch words.first {
    case "run": words = words.dropFirst()
    case "replay": (isReplay, words) = (true, words.dropFirst())
    default: break
    }
    var configuration = Configuration()
    var reader = OptionReader(words)
    while reader.advance() {
      let (word, flag) = (reader.word, reader.flag)
      func value() throws(UsageError) -> String { try reader.value() }
      func number(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
        try Self.number(try value(), flag: flag, range: range)
      }
      if isReplay, !["--mode", "--help", "-h"].contains(flag) {
        throw UsageError("replay takes only --mode (got '\(word)')")
      }
      switch flag {
      case "--help", "-h": return .help
      case "--version": return .version
      case "--mode":
        configuration.modes = try Self.modes(try value(), unsynchronized: threadsAndLocks)
        if isReplay, configuration.modes == [.unsynchronized] {
          throw UsageError(
            "replay tells the racy and safe story; run --mode unsynchronized instead")
        }
      case "--lock" where threadsAndLocks:
        let text = try value()
        guard let lock = LockKind(rawValue: text) else {
          let kinds = LockKind.allCases.map(\.rawValue).joined(separator: ", ")
          throw UsageError("--lock expects one of \(kinds), got '\(text)'")
        }
        configuration.lock = lock
      case "--riders": configuration.riders = try number(1...100_000)
      case "--stations": configuration.stationCount = try number(1...100_000)
      case "--station": configuration.stationPicks.append(try value())
      case "--paths": configuration.paths = try number(1...1_000_000)
      case "--goal": configuration.goal = try value()
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw UsageError("--seed expects a whole number from 0 to \(UInt64.max), got '\(text)'")
        }
        configuration.seed = seed
      case "--leg-ms": configuration.legMilliseconds = try number(0...60_000)
      case "--race-window-us": configuration.raceWindowMicroseconds = try number(0...1_000_000)
      case "--city":
        let text = try value()
        if case .failure(let error) = CitySource.parse(text) { throw error }
        configuration.city = text
      case "--format":
        let text = try value()
        guard let format = OutputFormat(rawValue: text) else {
          throw UsageError("--format expects text or json, got '\(text)'")
        }
        configuration.format = format
      case "--log": configuration.log = true
      case "--fail-on-violation": configuration.failOnViolation = true
      default:
        if flag.hasPrefix("-") { throw UsageError("unknown option '\(flag)' (see --help)") }
        throw UsageError("unexpected argument '\(word)' (see --help)")
      }
      if reader.inlineValue != nil, ["--log", "--fail-on-violation"].contains(flag) {
        throw UsageError("\(flag) takes no value")
      }
    }
    return isReplay ? .replay(modes: configuration.modes) : .run(configuration)
  }

  private static func modes(_ text: String, unsynchronized: Bool) throws(UsageError) -> [Mode] {
    if text == "both" { return Mode.both }
    guard let mode = Mode(rawValue: text), unsynchronized || mode != .unsynchronized else {
      let choices = unsynchronized ? "racy, safe, unsynchronized or both" : "racy, safe or both"
      throw UsageError("--mode expects \(choices), got '\(text)'")
    }
    return [mode]
  }

  private static func number(_ text: String, flag: String, range: ClosedRange<Int>)
    throws(UsageError)
    -> Int
  {
    let expected = "\(flag) expects a whole number from \(range.lowerBound) to \(range.upperBound)"
    guard let value = Int(text) else { throw UsageError("\(expected), got '\(text)'") }
    guard value >= 0 else { throw UsageError("\(flag) must not be negative, got \(value)") }
    guard range.contains(value) else { throw UsageError("\(expected), got \(value)") }
    return value
  }

  public static let version = "0.1.0"

  public static func help(executable: String, summary: String, threadsAndLocks: Bool = false)
    -> String
  {
    let modes =
      threadsAndLocks
      ? """
        --mode racy|safe|unsynchronized|both
                                       default both: the race first, then the fix;
                                       unsynchronized: no locks at all (a data race)
        --lock mutex|nslock|serial-queue|barrier|atomic
                                       how safe (and racy) stations lock (default mutex)
      """
      : "  --mode racy|safe|both          default both: the race first, then the fix"
    return """
      \(executable): \(summary)

      USAGE
        \(executable) [run] [options]     simulate (the default)
        \(executable) replay [--mode M]   two riders, one empty slot, step by step

      OPTIONS
      \(modes)
        --riders N                     riders (default 50)
        --stations N                   first N stations of the city (default 4)
        --station ID_OR_NAME           pick a station (repeatable; overrides --stations)
        --paths N                      paths (bike trips) per rider (default 10)
        --goal ID_OR_NAME              a rider stops once it leaves a bike there
        --seed N                       dice seed (default 2021)
        --leg-ms N                     real time per leg in milliseconds (default 10)
        --race-window-us N             pause between check and act in racy mode (default 100;
                                       0 leaves the bare check-then-act)
        --city embedded|PATH|URL       a CityBikes v2 network (default embedded)
        --format text|json             json: one line per mode (JSON Lines)
        --log                          one line per event
        --fail-on-violation            exit 3 if any violation was found
        --help, --version

      EXIT CODES
        0 done (a racy run that shows the race is a success)   1 city could not be loaded
        2 usage error   3 violations with --fail-on-violation   130 stopped with Ctrl-C
      """
  }
}
