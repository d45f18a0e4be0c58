import Foundation

/// The subcommands that play the small stage instead of simulating a city.
public enum StageCommand: String, Sendable, CaseIterable {
  case replay, explore, stress, play

  /// `--help`'s USAGE line.
  var usage: String {
    switch self {
    case .replay: "one schedule, step by step (default: the README's story)"
    case .explore: "every schedule, counted and classified"
    case .stress: "no gate, the real runtime, N runs: an outcome histogram"
    case .play: "you choose who goes next: a game (default --mode racy)"
    }
  }
}

/// An option of the stage commands, declared once as `Option` is.
public struct StageOption: Sendable {
  public let name: String
  public let value: String?
  public let help: [String]
  /// The subcommands that take it.
  public let commands: Set<StageCommand>
  public let apply: @Sendable (inout StageOptions, String) throws(UsageError) -> Void
}

extension StageOption {
  init(
    _ name: String, _ value: String?, _ help: String..., for commands: Set<StageCommand>,
    apply: @escaping @Sendable (inout StageOptions, String) throws(UsageError) -> Void
  ) {
    self.init(name: name, value: value, help: help, commands: commands, apply: apply)
  }

  var helpLines: [String] {
    Option(name, value, help: help) { _, _ in }.helpLines
  }

  static func number(
    _ name: String, _ range: ClosedRange<Int>, _ help: String..., for commands: Set<StageCommand>,
    set: @escaping @Sendable (inout StageOptions, Int) -> Void
  ) -> StageOption {
    let check = Option.number(name, range) { _, _ in }
    return StageOption(name: name, value: "N", help: help, commands: commands) {
      options, text throws(UsageError) in
      var scratch = Configuration()
      try check.apply(&scratch, text)
      set(&options, Int(text)!)
    }
  }

  /// `bikes-actors explore --scheduler gate|jobs`.
  public static let scheduler = StageOption(
    "--scheduler", "gate|jobs", "explore only: gate (default): the probes' schedules;",
    "jobs: no probe, every order of the runtime's jobs", for: [.explore]
  ) { options, text throws(UsageError) in
    guard ["gate", "jobs"].contains(text) else {
      throw UsageError("--scheduler expects gate or jobs, got '\(text)'")
    }
    options.jobs = text == "jobs"
  }

  /// `--story`'s help: each story's summary, the first marked as the default,
  /// wrapped to the help column's width.
  static var storyHelp: [String] {
    var lines: [String] = []
    for story in Story.allCases {
      let text =
        "\(story.rawValue): \(story.plot.summary)" + (story == .default ? " (default)" : "")
      for (index, part) in text.split(separator: "\n").enumerated() {
        var line = index == 0 ? "" : "  "
        for word in part.split(separator: " ") {
          if line.trimmingCharacters(in: .whitespaces).isEmpty {
            line += word
          } else if line.count + 1 + word.count > 56 {
            lines.append(line)
            line = "  " + word
          } else {
            line += " " + word
          }
        }
        lines.append(line)
      }
    }
    return lines
  }

  /// The stage's own options, in `--help` order (`--mode` and the era's own
  /// options come from `Option`).
  public static let all: [StageOption] = [
    StageOption(
      name: "--story", value: Story.allCases.map(\.rawValue).joined(separator: "|"),
      help: storyHelp, commands: Set(StageCommand.allCases)
    ) { options, text throws(UsageError) in
      guard let story = Story(rawValue: text) else {
        let names = Story.allCases.map(\.rawValue)
        throw UsageError(
          "--story expects \(names.dropLast().joined(separator: ", ")) or \(names.last!),"
            + " got '\(text)'")
      }
      options.story = story
    },
    .number(
      "--riders", 1...4,
      "riders: 2 to 4 (cancel, order: 1 to 4; wait: 1 to 3; default 2)",
      for: Set(StageCommand.allCases)
    ) {
      $0.riders = $1
    },
    StageOption(
      "--schedule", "S", "replay only: the order, e.g. 'A:arrive B:arrive B:window A:window'",
      for: [.replay]
    ) { options, text in options.scheduleText = text },
    .number(
      "--max-switches", 0...20, "explore only: at most N preemptions (default: no bound)",
      for: [.explore]
    ) { $0.maxSwitches = $1 },
    .number("--runs", 1...1_000_000, "stress only: runs (default 10000)", for: [.stress]) {
      $0.runs = $1
    },
    .number(
      "--race-window-us", 0...1_000_000, "stress only: injected pause (default 0: none)",
      for: [.stress]
    ) { $0.raceWindowMicroseconds = $1 },
    StageOption(
      "--format", "text|json|lanes|mermaid|html",
      "json: explore and stress, one line per mode; lanes,",
      "mermaid: replay and explore's examples as swimlanes;",
      "html: explore only, every schedule as one page to open",
      for: [.replay, .explore, .stress]
    ) { options, text throws(UsageError) in
      guard let format = StageFormat(rawValue: text) else {
        throw UsageError("--format expects text, json, lanes, mermaid or html, got '\(text)'")
      }
      options.format = format
    },
    StageOption(
      "--fail-on-violation", nil, "explore and stress: exit 3 if a forbidden result was found",
      for: [.explore, .stress]
    ) { options, _ in options.failOnViolation = true },
  ]
}
