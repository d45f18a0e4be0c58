extension RunReport {
  /// The report as a small table that a room can read from a projector.
  public var text: String {
    let legMs = config.legMs
    var lines: [String] = []
    let title = "\(era) · \(mode.rawValue)\(interrupted ? " · STOPPED (partial report)" : "")"
    lines.append("── \(title) " + String(repeating: "─", count: max(3, 66 - title.count)))
    lines.append(
      "\(Self.count(riders, "rider")) · \(Self.count(stations.count, "station"))"
        + " · \(Self.count(config.paths, "path")) each · seed \(config.seed)"
        + " · leg \(legMs) ms"
        // A fix has no window between check and act: the pause is the racy modes'.
        + (mode.isFix ? "" : " · race window \(config.raceWindowUs) µs") + config.ownSettings)
    if let goal = config.goal, let station = stations.first(where: { $0.id == goal }) {
      lines.append("goal: \(station.name) (\(goalReached) of \(riders) riders reached it)")
    }
    lines.append(
      "paths \(paths) · normal legs \(normalLegs) (\(Self.seconds(normalSeconds)))"
        + " · waiting legs \(waitingLegs) (\(Self.seconds(waitingSeconds)))"
        + " · wall \(Self.seconds(wallSeconds))")
    if let vans, let vanMoves, let vanTurnedAway, vans > 0 {
      lines.append(
        "\(Self.count(vans, "van")) · \(vanMoves + vanTurnedAway) transfers · \(vanMoves) bikes moved"
          + " · \(vanTurnedAway) turned away")
    }
    let nameWidth = max(7, stations.map(\.name.count).max() ?? 0)
    func pair(_ counts: StationReport.Counts) -> String {
      "\(counts.freeBikes)/\(counts.emptySlots)"
    }
    let cells = stations.map { station in
      [
        station.name, "\(station.capacity)", pair(station.start), pair(station.end),
        pair(station.min), pair(station.max),
      ]
    }
    // Nine columns a number, or one more than the widest (a big station's
    // "4000/2000" would otherwise touch its neighbour).
    let width = max(9, (cells.flatMap { $0.dropFirst() }.map(\.count).max() ?? 0) + 1)
    func row(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == 0
          ? cell.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
          : String(repeating: " ", count: max(0, width - cell.count)) + cell
      }.joined()
    }
    lines.append("")
    lines.append(
      row(["station", "capacity", "start", "end", "lowest", "highest"]) + "   (free/empty)")
    for (station, cells) in zip(stations, cells) {
      let broken = violations.contains { $0.stationID == station.id }
      lines.append(row(cells) + (broken ? "   ← violation" : ""))
    }
    lines.append("")
    let docked = bikesAtEnd - bikesRidden
    let stranded = stranded ?? 0
    lines.append(
      "bikes: \(bikesAtStart) at start, \(bikesAtEnd) at end (\(docked) docked + \(bikesRidden) ridden"
        + (stranded > 0 ? ", \(stranded) of them stranded" : "") + "): "
        + (!conserved
          ? "NOT conserved"
          : stranded > 0
            ? "conserved only because the \(stranded) stranded are counted as ridden" : "conserved")
    )
    let strandedLine =
      "\(Self.count(stranded, "bike")) stranded: held by called-off riders that stopped"
    if violations.isEmpty, stranded == 0 {
      lines.append("violations: none (every counter stayed within 0...capacity at every step)")
    } else if violations.isEmpty {
      lines.append("violations: \(strandedLine) (every counter stayed within 0...capacity)")
    } else {
      // One per line: a projector shows them all.
      lines.append("violations (\(violations.count + (stranded > 0 ? 1 : 0))):")
      lines.append(contentsOf: violations.map { "  \($0)" })
      if stranded > 0 { lines.append("  " + strandedLine) }
    }
    if let overtakingLine { lines.append(overtakingLine) }
    if let callOffs { lines.append(callOffs.line) }
    lines.append(contentsOf: notes)
    lines.append(verdictLine)
    return lines.joined(separator: "\n")
  }

  /// Order (chapter 10): how many requests reached their station after one
  /// sent there later. Not a violation: a measure of the era's own order.
  /// Safe runs only: there every era counts inside the station's
  /// protection, in its order; a racy rider may count before it (dispatch's
  /// racy runs count before the lock), where the count is approximate.
  public var overtakingLine: String? {
    guard mode == .safe, let requests, let overtaken, let largestOvertake,
      let share = overtakenShare
    else { return nil }
    guard overtaken > 0 else {
      return "overtaken: 0 of \(requests) requests: each reached its station in the order sent"
    }
    return "overtaken: \(overtaken) of \(requests) (\(share)) reached a station after a later"
      + " request, by up to \(largestOvertake)"
  }

  /// The share of requests overtaken, as "0.47 %" (nil for a run that
  /// counted none, or an older report line).
  public var overtakenShare: String? {
    guard let requests, let overtaken, requests > 0 else { return nil }
    return String(format: "%.2f %%", Double(overtaken) * 100 / Double(requests))
  }

  /// What the run means for a room (the side-by-side table's last column).
  public var verdict: Verdict {
    switch (mode.isFix, hasViolations) {
    case (false, true): .raceShown
    case (true, true): .fixBroken
    case (_, false) where interrupted: .stopped
    case (false, false): .raceMissed
    case (true, false): .fixHolds
    }
  }

  /// The verdict in a word or two (side by side's last column): a racy run
  /// that stranded bikes says so, alone or beside the race.
  public var meaning: String {
    guard (stranded ?? 0) > 0, !mode.isFix else { return verdict.rawValue }
    if onlyStranded { return "bikes stranded" }
    return verdict == .raceShown ? verdict.rawValue + ", bikes stranded" : verdict.rawValue
  }

  /// `--call-off`: a bike was stranded, and nothing else went wrong.
  private var onlyStranded: Bool { (stranded ?? 0) > 0 && violations.isEmpty && conserved }

  /// The report's last line: the verdict, explained.
  public var verdictLine: String {
    let line = Self.verdictLine(era: era, mode: mode, hasViolations: hasViolations)
    guard (stranded ?? 0) > 0 else { return line }
    if mode.isFix { return "→ FIX BROKEN: a called-off rider stopped holding its bike." }
    let strandedWords =
      "a called-off rider stopped where it noticed, holding its bike (calling off only asks)."
    return onlyStranded ? "→ stranded: " + strandedWords : line + " And " + strandedWords
  }

  /// The verdict line of a run of `era` in `mode`. A clean run says only
  /// what was seen: after a learner's edit, a cause it named could be false.
  public static func verdictLine(era: String, mode: Mode, hasViolations: Bool) -> String {
    if let own = EraInfo.named(era)?.ownModes.first(where: { $0.mode == mode }) {
      return hasViolations ? own.shown : own.clean
    }
    if mode == .nested {
      return hasViolations
        ? "→ race shown: a van's checks were stale when it moved the bike (the station did not"
          + " stay held while the van waited for the other one)."
        : "→ no deadlock and no race this time: no counter left its range in this run (a"
          + " finished nested run proves nothing)."
    }
    return switch (mode.isFix, hasViolations) {
    case (false, true): "→ race shown: check and act were separate, and the audit caught it."
    case (false, false):
      "→ no race this time: no counter left its range in this run (a clean racy run proves"
        + " nothing)."
    case (true, false): "→ fix holds: no counter left its range in this run."
    case (true, true): "→ FIX BROKEN: the safe station let a counter leave 0...capacity."
    }
  }

  /// "1 path", "10 paths".
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// `0.41 s`: seconds to the hundredth, as the reports print them.
  public static func seconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
  }
}

extension ConfigReport {
  /// The era's own options that differ from their defaults, for the header
  /// line: ` · lock nslock · thread cap 1024`, or "" when all are defaults.
  var ownSettings: String {
    let defaults = Configuration()
    var settings: [String] = []
    if let lock, lock != defaults.lock { settings.append("lock \(lock.rawValue)") }
    if let threadCap, threadCap != defaults.threadCap { settings.append("thread cap \(threadCap)") }
    if let exclusive, exclusive != defaults.exclusive {
      settings.append("exclusive \(exclusive.rawValue)")
    }
    if let fix, fix != defaults.fix { settings.append("fix \(fix.rawValue)") }
    if let callers, callers != defaults.callers { settings.append("callers \(callers.rawValue)") }
    return settings.map { " · " + $0 }.joined()
  }
}
