import BikeShare
import Foundation

/// One line of an era's `--format json` output: the fields the table shows.
struct Row: Sendable, Decodable {
  let era: String
  let mode: Mode
  let config: Config
  let riders: Int
  let paths: Int
  let waitingLegs: Int
  let stations: [Station]
  let violations: [Violation]
  let conserved: Bool
  let interrupted: Bool
  let wallSeconds: Double
  /// The line as the era printed it, passed on untouched by `--format json`.
  private(set) var json = ""

  struct Config: Sendable, Decodable {
    let paths: Int
    let seed: UInt64
    let legMs: Int
    let raceWindowUs: Int
    let city: String
    let lock: LockKind?
  }

  struct Station: Sendable, Decodable {
    let min: Counts
  }

  struct Counts: Sendable, Decodable {
    let freeBikes: Int
    let emptySlots: Int
  }

  /// Only counted here.
  struct Violation: Sendable, Decodable {}

  /// Reads one line of an era's JSON Lines output.
  init(line: String) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    self = try decoder.decode(Row.self, from: Data(line.utf8))
    json = line
  }

  private enum CodingKeys: String, CodingKey {
    case era, mode, config, riders, paths, waitingLegs, stations, violations, conserved
    case interrupted, wallSeconds
  }

  var lowestFreeBikes: Int? { stations.map(\.min.freeBikes).min() }
  var lowestEmptySlots: Int? { stations.map(\.min.emptySlots).min() }

  /// A counter left `0...capacity`, or a bike appeared or vanished.
  var hasViolations: Bool { !violations.isEmpty || !conserved }

  var meaning: Meaning {
    switch mode {
    case .racy, .unsynchronized:
      hasViolations ? .raceShown : interrupted ? .stopped : .raceMissed
    case .safe:
      hasViolations ? .fixBroken : interrupted ? .stopped : .fixHolds
    }
  }

  /// The row with `"meaning"` added as its first key.
  var jsonWithMeaning: String {
    #"{"meaning":"\#(meaning.rawValue)","# + json.drop { $0 != "{" }.dropFirst()
  }
}

/// What a row means for the room.
enum Meaning: String, Sendable {
  /// Racy, and the audit caught a counter outside `0...capacity`.
  case raceShown = "race shown"
  /// Racy, and clean this time: the window was never hit.
  case raceMissed = "no race this time"
  /// Safe, and clean.
  case fixHolds = "fix holds"
  /// Safe, and a violation: a bug in the fix.
  case fixBroken = "FIX BROKEN"
  /// Stopped with Ctrl-C before the end, with nothing found so far.
  case stopped = "stopped"
}
