/// How a station is implemented. Two modes exist in every era: `racy` (the
/// bug: check, then act, in two steps) and `safe` (the fix: one step that
/// checks and acts). An era may offer modes of its own (`EraInfo.ownModes`);
/// they are declared with that era and named nowhere else.
public struct Mode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// Check and act are separate steps with the race window between them.
  public static let racy = Mode(rawValue: "racy")
  /// Check and act are one atomic step that answers whether it succeeded.
  public static let safe = Mode(rawValue: "safe")

  /// The race, then the fix: what `--mode both` runs.
  public static let both: [Mode] = [.racy, .safe]

  /// Only `safe` is a fix; every other mode is there to show a bug.
  public var isFix: Bool { self == .safe }

  public var description: String { rawValue }
}

/// A mode that only one era has, as `--help` and the report describe it.
public struct OwnMode: Sendable {
  public let mode: Mode
  /// After the mode's name in `--help`.
  public let help: String
  /// The report's last line when the audit caught something.
  public let shown: String
  /// The report's last line when it did not.
  public let clean: String
  /// Whether `replay` and `bikes-side-by-side` play the mode. Yes for a race
  /// between steps, which a schedule can order (reentrant); no for a data
  /// race inside one step (unsynchronized), which a schedule cannot show.
  public let replays: Bool
  /// The start of the replay's "Script:" line, when the racy one does not fit
  /// the mode (the replay ends it with who acts: " B leaves, A leaves.").
  public let script: String?
  /// What protects the station in this mode, when not the era's usual.
  public let station: String?

  public init(
    _ mode: Mode, help: String, shown: String, clean: String, replays: Bool,
    script: String? = nil, station: String? = nil
  ) {
    self.station = station
    self.mode = mode
    self.help = help
    self.shown = shown
    self.clean = clean
    self.replays = replays
    self.script = script
  }
}

/// What a run means for a room: one vocabulary for the eras' reports and
/// the side-by-side table.
public enum Verdict: String, Sendable {
  /// A mode that shows a bug, and the audit caught it.
  case raceShown = "race shown"
  /// A mode that shows a bug, and clean this time: no counter left its range.
  case raceMissed = "no race this time"
  /// Safe, and clean.
  case fixHolds = "fix holds"
  /// Safe, and a violation: a bug in the fix.
  case fixBroken = "FIX BROKEN"
  /// Stopped with Ctrl-C before the end, with nothing found so far.
  case stopped = "stopped"
}
