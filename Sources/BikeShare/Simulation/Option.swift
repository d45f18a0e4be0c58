/// One option of the command line, declared once: the parser, `--help`, the
/// README's options block (a test compares them) and what `bikes-side-by-side`
/// passes on to the eras all come from this table.
public struct Option: Sendable {
  /// `--riders`
  public let name: String
  /// What follows the name in `--help` (`N`), or nil for a flag that takes no value.
  public let value: String?
  /// `--help` lines after the name.
  public let help: [String]
  /// `bikes-side-by-side` passes it on to every era.
  public let passedOn: Bool
  /// The stage commands (replay, explore, stress, play) take it too; false
  /// for an option that only a whole run can use.
  public let inStages: Bool
  /// How the value changes the configuration (a flag gets "").
  public let apply: @Sendable (inout Configuration, String) throws(UsageError) -> Void
  /// The value as typed again, when it is not the default: what a printed
  /// re-run command must carry (nil for an option it needs not repeat).
  public var shown: @Sendable (Configuration) -> String? = { _ in nil }

  public init(
    _ name: String, _ value: String?, _ help: String..., passedOn: Bool = false,
    apply: @escaping @Sendable (inout Configuration, String) throws(UsageError) -> Void
  ) {
    self.init(name, value, help: help, passedOn: passedOn, apply: apply)
  }

  init(
    _ name: String, _ value: String?, help: [String], passedOn: Bool = false,
    inStages: Bool = true,
    apply: @escaping @Sendable (inout Configuration, String) throws(UsageError) -> Void
  ) {
    self.name = name
    self.value = value
    self.help = help
    self.passedOn = passedOn
    self.inStages = inStages
    self.apply = apply
  }

  /// The option as `--help` shows it: name and value, then the help, from column 34.
  public var helpLines: [String] {
    let syntax = "  " + name + (value.map { " " + $0 } ?? "")
    let column = 33
    let indent = String(repeating: " ", count: column)
    guard let first = help.first else { return [syntax] }
    let rest = help.dropFirst().map { indent + $0 }
    guard syntax.count < column else { return [syntax, indent + first] + rest }
    return [syntax.padding(toLength: column, withPad: " ", startingAt: 0) + first] + rest
  }

  /// `--mode`, with the era's own modes.
  public static func mode(_ own: [OwnMode]) -> Option {
    let names = (Mode.both + own.map(\.mode) + [.nested]).map(\.rawValue) + ["both"]
    let help =
      ["default both: the race first, then the fix;"] + own.map { "\($0.mode): \($0.help)" }
      + ["nested: vans (--vans) hold one station, then wait for the other"]
    return Option(
      "--mode", names.joined(separator: "|"), help: help
    ) { configuration, text throws(UsageError) in
      if text == "both" {
        configuration.modes = Mode.both
        return
      }
      guard let mode = names.dropLast().first(where: { $0 == text }).map(Mode.init) else {
        let choices = names.dropLast().joined(separator: ", ") + " or both"
        throw UsageError("--mode expects \(choices), got '\(text)'")
      }
      configuration.modes = [mode]
    }
  }

  /// One of an enumeration's cases, by its raw value.
  static func choice<Choice: RawRepresentable<String> & CaseIterable & Sendable>(
    _ name: String, _ property: WritableKeyPath<Configuration, Choice> & Sendable,
    _ help: String...
  ) -> Option {
    let names = Choice.allCases.map(\.rawValue)
    var option = Option(name, names.joined(separator: "|"), help: help) {
      configuration, text throws(UsageError) in
      guard let choice = Choice(rawValue: text) else {
        throw UsageError(
          "\(name) expects one of \(names.joined(separator: ", ")), got '\(text)'")
      }
      configuration[keyPath: property] = choice
    }
    option.shown = { configuration in
      let value = configuration[keyPath: property].rawValue
      return value == Configuration()[keyPath: property].rawValue ? nil : value
    }
    return option
  }

  /// A whole number within `range`.
  static func number(
    _ name: String, _ range: ClosedRange<Int>, _ help: String..., passedOn: Bool = true,
    inStages: Bool = true, set: @escaping @Sendable (inout Configuration, Int) -> Void
  ) -> Option {
    Option(name, "N", help: help, passedOn: passedOn, inStages: inStages) {
      configuration, text throws(UsageError) in
      let expected =
        "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound)"
      guard let value = Int(text) else { throw UsageError("\(expected), got '\(text)'") }
      guard value >= 0 else { throw UsageError("\(name) must not be negative, got \(value)") }
      guard range.contains(value) else { throw UsageError("\(expected), got \(value)") }
      set(&configuration, value)
    }
  }

  /// Every era's options after `--mode` and its own, in `--help` order.
  public static let shared: [Option] = [
    .number("--riders", 1...100_000, "riders (default 50)") { $0.riders = $1 },
    .number("--stations", 1...100_000, "first N stations of the city (default 4)") {
      $0.stationCount = $1
    },
    Option(
      "--station", "ID_OR_NAME", "pick a station (repeatable; overrides --stations)",
      passedOn: true
    ) { $0.stationPicks.append($1) },
    .number("--paths", 1...1_000_000, "paths (bike trips) per rider (default 10)") {
      $0.paths = $1
    },
    .number(
      "--vans", 0...10_000, "rebalancing vans, each moving as many bikes",
      "as a rider rides paths (default 0)"
    ) { $0.vans = $1 },
    .number(
      "--call-off", 0...100_000, "riders the app calls off while they ride",
      "(the dice choose them, and on which of", "their first three rides; default 0)",
      inStages: false
    ) { $0.callOffs = $1 },
    .number(
      "--deadline-ms", 0...600_000, "every rider called off N ms after it sets",
      "out, by a timer (default 0: no deadline)", inStages: false
    ) { $0.deadlineMilliseconds = $1 },
    Option(
      "--goal", "ID_OR_NAME", "a rider stops once it leaves a bike there", passedOn: true
    ) { $0.goal = $1 },
    Option("--seed", "N", "dice seed (default 2021)", passedOn: true) {
      configuration, text throws(UsageError) in
      guard let seed = UInt64(text) else {
        throw UsageError("--seed expects a whole number from 0 to \(UInt64.max), got '\(text)'")
      }
      configuration.seed = seed
    },
    .number("--leg-ms", 0...60_000, "real time per leg in milliseconds (default 10)") {
      $0.legMilliseconds = $1
    },
    .number(
      "--race-window-us", 0...1_000_000,
      "injected pause between check and act (default 100;",
      "0 without --log: nothing between them but the",
      "original code)"
    ) { $0.raceWindowMicroseconds = $1 },
    Option(
      "--city", "embedded|PATH|URL", "a CityBikes v2 network (default embedded);",
      "at most 64 MiB, a URL loaded within 30 s, at",
      "most 1000000 bikes or empty slots a station", passedOn: true
    ) { configuration, text throws(UsageError) in
      configuration.city = try CitySource.parse(text).get()
    },
    Option("--format", "text|json", "json: one line per mode (JSON Lines)") {
      configuration, text throws(UsageError) in
      guard let format = OutputFormat(rawValue: text) else {
        throw UsageError("--format expects text or json, got '\(text)'")
      }
      configuration.format = format
    },
    Option(
      "--log", nil, "one line per event, thousands a run", passedOn: true
    ) {
      configuration, _ in
      configuration.log = true
    },
    Option("--fail-on-violation", nil, "exit 3 if any violation was found") { configuration, _ in
      configuration.failOnViolation = true
    },
    .number(
      "--watchdog-ms", 0...600_000, "exit 4 when no visit or transfer ends for N ms",
      "plus two legs (default 3000; 0: never)"
    ) { $0.watchdogMilliseconds = $1 },
  ]
}
