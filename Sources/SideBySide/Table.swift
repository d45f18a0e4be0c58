import BikeShare
import Foundation

/// The text table, one row at a time, so that rows appear as the eras finish.
enum Table {
  /// Column titles and widths; the first two are left-aligned, the last is free.
  static let columns: [(title: String, width: Int)] = [
    ("era", 11), ("mode", 10), ("window", 7), ("paths", 6), ("waiting legs", 13),
    ("violations", 11), ("lowest free", 12), ("lowest empty", 13), ("conserved", 10),
    ("wall", 8), ("meaning", 0),
  ]

  /// What every row shares: the options the eras were given.
  static func title(_ configuration: Configuration) -> [String] {
    let city =
      configuration.city == .embedded
      ? "the embedded city (Lisboa sample network)" : configuration.city.name
    let stations =
      configuration.stationPicks.isEmpty
      ? "first \(configuration.stationCount) station\(configuration.stationCount == 1 ? "" : "s")"
      : "stations " + configuration.stationPicks.joined(separator: ", ")
    var lines = [
      "Side by side on \(city), seed \(configuration.seed):",
      "\(configuration.riders) rider\(configuration.riders == 1 ? "" : "s") · \(stations)"
        + " · \(configuration.paths) path\(configuration.paths == 1 ? "" : "s") each"
        + " · leg \(configuration.legMilliseconds) ms"
        + " · dispatch locks with \(configuration.lock.rawValue)"
        + " · actors fixed with \(configuration.fix.rawValue)",
      "Racy rows with window \(configuration.raceWindowMicroseconds) µs have that pause injected"
        + " between check and act, to show the race on any machine;",
      "rows with window 0 µs have nothing between them but the original code.",
    ]
    if let goal = configuration.goal { lines.append("goal: \(goal)") }
    return lines
  }

  static var header: String { line(columns.map(\.title)) }

  /// Colour for the meaning column, on a terminal only and never with
  /// `NO_COLOR` set.
  static let colours =
    isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

  static func line(_ row: RunReport, colour: Bool) -> String {
    let plain = line(row)
    guard colour else { return plain }
    let code =
      switch row.verdict {
      case .raceShown: "33"  // yellow: the lesson shown
      case .fixHolds: "32"  // green
      case .fixBroken: "1;31"  // bold red
      case .raceMissed, .stopped: "0"
      }
    let meaning = row.verdict.rawValue
    return String(plain.dropLast(meaning.count)) + "\u{1B}[\(code)m\(meaning)\u{1B}[0m"
  }

  static func line(_ row: RunReport) -> String {
    let lowestFree = row.stations.map(\.min.freeBikes).min()
    let lowestEmpty = row.stations.map(\.min.emptySlots).min()
    return line([
      row.era, row.mode.rawValue, row.mode.isFix ? "-" : "\(row.config.raceWindowUs)",
      "\(row.paths)", "\(row.waitingLegs)", "\(row.violations.count)",
      lowestFree.map(String.init) ?? "-", lowestEmpty.map(String.init) ?? "-",
      row.conserved ? "yes" : "NO", RunReport.seconds(row.wallSeconds), row.verdict.rawValue,
    ])
  }

  /// The era's JSON line untouched, with the verdict added as its first key, `"meaning"`.
  static func json(_ row: RunReport, line: String) -> String {
    #"{"meaning":"\#(row.verdict.rawValue)","# + line.drop { $0 != "{" }.dropFirst()
  }

  /// An era that produced no rows: its name and why.
  static func line(era: String, note: String) -> String {
    era.padding(toLength: columns[0].width, withPad: " ", startingAt: 0) + note
  }

  private static func line(_ cells: [String]) -> String {
    var text = ""
    for (index, cell) in cells.enumerated() {
      let width = columns[index].width
      let gap = String(repeating: " ", count: max(1, width - cell.count))
      switch index {
      case 0, 1: text += cell + gap
      case columns.count - 1: text += "  " + cell
      default: text += gap + cell
      }
    }
    return text
  }

  /// The lines under the table: what the whole run showed.
  static func summary(rows: [RunReport], skipped: [String]) -> [String] {
    var lines: [String] = []
    let bugs = rows.filter { !$0.mode.isFix }
    let safe = rows.filter { $0.mode.isFix }
    func shown(_ rows: [RunReport]) -> String {
      "\(rows.filter { $0.verdict == .raceShown }.count) of \(rows.count)"
    }
    var shownIn: [String] = []
    let racy = bugs.filter { $0.mode == .racy }
    for window in Set(racy.map(\.config.raceWindowUs)).sorted(by: >) {
      shownIn.append(
        "racy at \(window) µs \(shown(racy.filter { $0.config.raceWindowUs == window }))")
    }
    let own = bugs.filter { $0.mode != .racy }
    for mode in own.map(\.mode).reduce(into: [Mode](), { if !$0.contains($1) { $0.append($1) } }) {
      shownIn.append("\(mode) \(shown(own.filter { $0.mode == mode }))")
    }
    lines.append("race shown in: " + shownIn.joined(separator: " · "))
    lines.append(
      "fix holds in: safe \(safe.filter { $0.verdict == .fixHolds }.count) of \(safe.count)")
    if safe.contains(where: { $0.verdict == .fixBroken }) {
      lines.append("A safe row has a violation: that era's fix is broken (exit 3).")
    }
    if bugs.contains(where: { $0.verdict == .raceMissed }) {
      lines.append(
        "A clean racy row proves nothing: no two riders met in its window (--replay makes them).")
    }
    if !skipped.isEmpty {
      lines.append("Not run: " + skipped.joined(separator: ", ") + ".")
    }
    return lines
  }
}
