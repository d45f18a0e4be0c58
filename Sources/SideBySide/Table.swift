import BikeShare

/// The text table, one row at a time, so that rows appear as the eras finish.
enum Table {
  /// Column titles and widths; the first two are left-aligned, the last is free.
  static let columns: [(title: String, width: Int)] = [
    ("era", 12), ("mode", 5), ("paths", 6), ("waiting legs", 14), ("violations", 12),
    ("lowest free", 13), ("lowest empty", 14), ("conserved", 11), ("wall", 9), ("meaning", 0),
  ]

  /// What every row shares: the options the eras were given.
  static func title(_ configuration: Configuration) -> [String] {
    let city =
      configuration.city == .embedded ? "the embedded city" : configuration.city.name
    let stations =
      configuration.stationPicks.isEmpty
      ? "first \(configuration.stationCount) stations"
      : "stations " + configuration.stationPicks.joined(separator: ", ")
    var lines = [
      "Side by side on \(city), seed \(configuration.seed):",
      "\(configuration.riders) riders · \(stations) · \(configuration.paths) paths each"
        + " · leg \(configuration.legMilliseconds) ms"
        + " · race window \(configuration.raceWindowMicroseconds) µs"
        + " · dispatch locks with \(configuration.lock.rawValue)",
    ]
    if let goal = configuration.goal { lines.append("goal: \(goal)") }
    return lines
  }

  static var header: String { line(columns.map(\.title)) }

  static func line(_ row: RunReport) -> String {
    let lowestFree = row.stations.map(\.min.freeBikes).min()
    let lowestEmpty = row.stations.map(\.min.emptySlots).min()
    return line([
      row.era, row.mode.rawValue, "\(row.paths)", "\(row.waitingLegs)", "\(row.violations.count)",
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
    let racy = rows.filter { $0.mode == .racy }
    let safe = rows.filter { $0.mode == .safe }
    let shown = racy.filter { $0.verdict == .raceShown }.count
    let holding = safe.filter { $0.verdict == .fixHolds }.count
    lines.append(
      "racy: \(shown) of \(racy.count) rows show the race · safe: \(holding) of \(safe.count) rows hold"
    )
    if safe.contains(where: { $0.verdict == .fixBroken }) {
      lines.append("A safe row has a violation: that era's fix is broken (exit 3).")
    }
    if racy.contains(where: { $0.verdict == .raceMissed }) {
      lines.append(
        "A racy row that stays clean proves nothing: the riders never met inside the window"
          + " (run again, or widen it with --race-window-us).")
    }
    if !skipped.isEmpty {
      lines.append("Not run: " + skipped.joined(separator: ", ") + ".")
    }
    return lines
  }
}
