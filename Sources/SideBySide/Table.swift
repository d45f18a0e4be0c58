import BikeShare
import Foundation

/// The text table, one row at a time, so that rows appear as the eras finish.
enum Table {
  /// How wide the table is: all the columns from 100 columns up, the ones
  /// the lesson needs below that (a projector's terminal).
  enum Layout: Sendable {
    case wide, narrow

    /// The terminal's width, if standard output or standard error is one (so
    /// `| less` in a narrow terminal is narrow too), else `COLUMNS` if set,
    /// else wide.
    static var current: Layout {
      var size = winsize()
      for descriptor: Int32 in [1, 2] where isatty(descriptor) != 0 {
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
          return size.ws_col < 100 ? .narrow : .wide
        }
      }
      if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }) {
        return columns < 100 ? .narrow : .wide
      }
      return .wide
    }

    /// The most columns a line of this layout takes.
    var width: Int { self == .wide ? 100 : 80 }

    /// Column titles and widths; the first two are left-aligned, the last is free.
    var columns: [(title: String, width: Int)] {
      switch self {
      case .wide:
        [
          ("era", 11), ("mode", 10), ("window", 7), ("paths", 6), ("waiting", 8),
          ("violations", 11), ("lowest f/e", 11), ("conserved", 10), ("wall", 7),
          ("meaning", 0),
        ]
      case .narrow:
        [
          ("era", 11), ("mode", 10), ("window", 7), ("violations", 11), ("lowest f/e", 11),
          ("conserved", 10), ("meaning", 0),
        ]
      }
    }
  }

  /// What every row shares: the options the eras were given (what the user
  /// typed escaped, as the eras escape it: one line each, no terminal codes).
  static func title(_ configuration: Configuration) -> [String] {
    let city =
      configuration.city == .embedded
      ? "the embedded city (Lisboa sample network)" : Text.escaped(configuration.city.name)
    let stations =
      configuration.stationPicks.isEmpty
      ? (configuration.stationCount == 1
        ? "the first station" : "first \(configuration.stationCount) stations")
      : "stations " + configuration.stationPicks.map(Text.escaped).joined(separator: ", ")
    var lines = [
      "Side by side on \(city), seed \(configuration.seed):",
      "\(configuration.riders) rider\(configuration.riders == 1 ? "" : "s") · \(stations)"
        + " · \(configuration.paths) path\(configuration.paths == 1 ? "" : "s") each"
        + " · leg \(configuration.legMilliseconds) ms",
      "dispatch's lock: \(configuration.lock.rawValue)"
        + " · futures' exclusive: \(configuration.exclusive.rawValue)"
        + " · actors' fix: \(configuration.fix.rawValue)",
    ]
    if let goal = configuration.goal { lines.append("goal: \(Text.escaped(goal))") }
    return lines
  }

  /// What the columns mean, under the table.
  static func legend(_ configuration: Configuration, layout: Layout) -> [String] {
    var lines = [
      "window: µs paused between check and act in racy rows, to show the race on any",
      "machine; 0: nothing between them but the original code.",
      "lowest f/e: the lowest free bikes / empty slots seen at any station.",
      "racy@Main: actors' racy riders check and act on the main actor (--callers",
      "main-actor), as Swift 6.2's -default-isolation MainActor compiles them.",
      "overtaken in safe rows (below): the share of requests that reached their",
      "station after one sent there later (each era's own order; chapter 10).",
    ]
    lines.append(
      layout == .wide
        ? "waiting: waiting legs (no bike or no slot); conserved: no bike lost or made up."
        : "paths, waiting legs, wall time: in a terminal of 100 columns or more.")
    if configuration.callOffs > 0 || configuration.deadlineMilliseconds > 0 {
      lines.append("violations 2+5s: 2 counters left their range, 5 bikes were stranded by")
      lines.append("call-offs (conserved counts a stranded bike as ridden: it is in no station).")
    }
    return lines
  }

  static func header(_ layout: Layout) -> String { line(layout.columns.map(\.title), layout) }

  /// Colour for the meaning column, on a terminal only and never with
  /// `NO_COLOR` set.
  static let colours =
    isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

  static func line(_ row: RunReport, _ layout: Layout, colour: Bool) -> String {
    let plain = line(row, layout)
    guard colour else { return plain }
    let code =
      switch row.verdict {
      case .raceShown: "33"  // yellow: the lesson shown
      case .fixHolds: "32"  // green
      case .fixBroken: "1;31"  // bold red
      case .raceMissed, .stopped: "0"
      }
    let meaning = row.meaning
    return String(plain.dropLast(meaning.count)) + "\u{1B}[\(code)m\(meaning)\u{1B}[0m"
  }

  static func line(_ row: RunReport, _ layout: Layout = .wide) -> String {
    let lowestFree = row.stations.map(\.min.freeBikes).min().map(String.init) ?? "-"
    let lowestEmpty = row.stations.map(\.min.emptySlots).min().map(String.init) ?? "-"
    let window = row.mode.isFix ? "-" : "\(row.config.raceWindowUs)"
    let conserved = row.conserved ? "yes" : "NO"
    let mode = rowMode(row)
    // Stranded bikes are violations too (the era's report counts them): `0+5s`.
    let stranded = row.stranded ?? 0
    let violations = "\(row.violations.count)" + (stranded > 0 ? "+\(stranded)s" : "")
    let cells =
      switch layout {
      case .wide:
        [
          row.era, mode, window, "\(row.paths)", "\(row.waitingLegs)",
          violations, "\(lowestFree)/\(lowestEmpty)", conserved,
          wall(row.wallSeconds), row.meaning,
        ]
      case .narrow:
        [
          row.era, mode, window, violations,
          "\(lowestFree)/\(lowestEmpty)", conserved, row.meaning,
        ]
      }
    return line(cells, layout)
  }

  /// The mode column: the mode, and `@Main` for riders that check and act
  /// on the main actor (`--callers main-actor`).
  static func rowMode(_ row: RunReport) -> String {
    row.mode.rawValue + (row.config.callers == .mainActor ? "@Main" : "")
  }

  /// The era's JSON line untouched, with the verdict added as its first key, `"meaning"`.
  static func json(_ row: RunReport, line: String) -> String {
    #"{"meaning":"\#(row.meaning)","# + line.drop { $0 != "{" }.dropFirst()
  }

  /// An era that produced no rows: its name and why.
  static func line(era: String, note: String) -> String {
    era.padding(toLength: 11, withPad: " ", startingAt: 0) + note
  }

  /// The wall column, in at most 6 characters, so that its 7-column cell
  /// keeps a space before it: `0.40 s`, `12.0 s`, `125 s` (a wall of 10 s
  /// or more shifted the last two columns by one; rehearsal 7, 06-P2).
  static func wall(_ seconds: Double) -> String {
    switch seconds {
    case ..<9.995: String(format: "%.2f s", seconds)
    case ..<99.95: String(format: "%.1f s", seconds)
    default: String(format: "%.0f s", seconds)
    }
  }

  private static func line(_ cells: [String], _ layout: Layout) -> String {
    let columns = layout.columns
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

  /// `parts` after `lead`, joined by " · ", on as many lines of at most
  /// 80 columns as they need, each further line indented under the first part.
  static func wrapped(_ lead: String, _ parts: [String]) -> [String] {
    var lines = [lead]
    for part in parts {
      let last = lines[lines.count - 1]
      let fresh = last == lead || last.allSatisfy { $0 == " " }
      if !fresh, last.count + 3 + part.count > 80 {
        lines.append(String(repeating: " ", count: lead.count) + part)
      } else {
        lines[lines.count - 1] += (fresh ? "" : " · ") + part
      }
    }
    return lines
  }

  /// The lines under the table: what the whole run showed.
  static func summary(rows: [RunReport], skipped: [String]) -> [String] {
    var lines: [String] = []
    let bugs = rows.filter { !$0.mode.isFix }
    let safe = rows.filter { $0.mode.isFix }
    func shown(_ rows: [RunReport]) -> String {
      "\(rows.filter { $0.meaning.hasPrefix(Verdict.raceShown.rawValue) }.count) of \(rows.count)"
    }
    var shownIn: [String] = []
    let onMain = bugs.filter { $0.mode == .racy && $0.config.callers == .mainActor }
    let racy = bugs.filter { $0.mode == .racy && $0.config.callers != .mainActor }
    for window in Set(racy.map(\.config.raceWindowUs)).sorted(by: >) {
      shownIn.append(
        "racy at \(window) µs \(shown(racy.filter { $0.config.raceWindowUs == window }))")
    }
    for window in Set(onMain.map(\.config.raceWindowUs)).sorted(by: >) {
      shownIn.append(
        "racy@Main at \(window) µs \(shown(onMain.filter { $0.config.raceWindowUs == window }))")
    }
    let own = bugs.filter { $0.mode != .racy }
    for mode in own.map(\.mode).reduce(into: [Mode](), { if !$0.contains($1) { $0.append($1) } }) {
      shownIn.append("\(mode) \(shown(own.filter { $0.mode == mode }))")
    }
    lines += wrapped("race shown in: ", shownIn)
    let callOff = rows.first?.config.callOff ?? 0
    let deadline = rows.first?.config.deadlineMs ?? 0
    if callOff > 0 || deadline > 0 {
      var modes: [String] = []
      for mode in rows.map(rowMode) where !modes.contains(mode) { modes.append(mode) }
      lines += wrapped(
        "bikes stranded (\(callOff > 0 ? "--call-off \(callOff)" : "--deadline-ms \(deadline)")) in: ",
        modes.map { mode in
          let rows = rows.filter { rowMode($0) == mode }
          return "\(mode) \(rows.count { ($0.stranded ?? 0) > 0 }) of \(rows.count)"
        })
    }
    // The safe rows': each era's own way to serve a station, with no race window.
    let overtaken = safe.compactMap { row in row.overtakenShare.map { "\(row.era) \($0)" } }
    if !overtaken.isEmpty { lines += wrapped("overtaken in safe rows: ", overtaken) }
    lines.append(
      "fix holds in: safe \(safe.filter { $0.verdict == .fixHolds }.count) of \(safe.count)")
    if safe.contains(where: { $0.verdict == .fixBroken }) {
      lines.append("A safe row has a violation: that era's fix is broken (exit 3).")
    }
    if bugs.contains(where: { $0.verdict == .raceMissed }) {
      lines.append("A racy row without violations or stranded bikes proves nothing:")
      lines.append("--replay makes the riders meet.")
    }
    if !skipped.isEmpty {
      lines.append("Not run: " + skipped.joined(separator: ", ") + ".")
    }
    return lines
  }
}
