import BikeShare
import Foundation

/// `bikes-side-by-side --explore`: one row per era and mode.
enum ExploreTable {
  struct Row: Equatable {
    let era: String
    let mode: String
    let schedules: Int
    let forbidden: Int
    /// Stuck schedules (0 in a story that cannot get stuck).
    let deadlocked: Int
    let livelocked: Int
    /// The forbidden example with the fewest switches, if any.
    let example: String?

    /// Reads an era's `explore --format json` line.
    init?(jsonLine: String) {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any],
        let era = object["era"] as? String, let mode = object["mode"] as? String,
        let schedules = object["schedules"] as? Int, let forbidden = object["forbidden"] as? Int,
        let outcomes = object["outcomes"] as? [[String: Any]]
      else { return nil }
      self.era = era
      self.mode = mode
      self.schedules = schedules
      self.forbidden = forbidden
      deadlocked = object["deadlocked"] as? Int ?? 0
      livelocked = object["livelocked"] as? Int ?? 0
      example =
        outcomes
        .filter { $0["expect"] as? String == "forbidden" }
        .min { ($0["example_switches"] as? Int ?? 0) < ($1["example_switches"] as? Int ?? 0) }?[
          "example"] as? String
    }
  }

  static let header =
    "era        mode       schedules  forbidden  fewest-switch forbidden schedule"

  /// A story that can get stuck (the transfer): who can deadlock, who livelocks.
  static let stuckHeader =
    "era        mode       schedules  forbidden  deadlocked  livelocked"

  static func stuckLine(_ row: Row) -> String {
    func right(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: " ", count: max(1, width - text.count)) + text
    }
    return row.era.padding(toLength: 11, withPad: " ", startingAt: 0)
      + row.mode.padding(toLength: 9, withPad: " ", startingAt: 0) + right(row.schedules, 11)
      + right(row.forbidden, 11) + right(row.deadlocked, 12) + right(row.livelocked, 12)
  }

  /// The row, and its example on a line of its own when the row would be
  /// wider than `width` (a narrow terminal, or three and four riders).
  static func lines(_ row: Row, width: Int) -> [String] {
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(1, width - text.count)) + text
    }
    let counts =
      row.era.padding(toLength: 11, withPad: " ", startingAt: 0)
      + row.mode.padding(toLength: 9, withPad: " ", startingAt: 0)
      + right(String(row.schedules), 11) + right(String(row.forbidden), 11)
    let example = row.example ?? "-"
    if counts.count + 2 + example.count <= width { return [counts + "  " + example] }
    return [counts, "    e.g. " + example]
  }
}
