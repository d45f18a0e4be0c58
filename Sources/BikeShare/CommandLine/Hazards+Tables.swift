import Foundation

/// `hazards`' tables: each hazard broken then fixed, and the summary.
extension HazardsCommand {
  // MARK: - Tables

  /// One hazard: a row per case (outcome, when), and what waited or what it did.
  static func table(_ hazard: Hazard, _ ended: [Ended], executable: String) -> String {
    let labels = hazard.cases.map(\.label)
    let outcomes = ended.map(describe)
    let labelWidth = max(4, labels.map(\.count).max() ?? 0) + 2
    let outcomeWidth = max(7, outcomes.map(\.count).max() ?? 0) + 2
    func row(_ label: String, _ outcome: String, _ after: String) -> String {
      "  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        + outcome.padding(toLength: outcomeWidth, withPad: " ", startingAt: 0) + after
    }
    var lines = [
      "\(executable) hazards \(hazard.name): \(hazard.what)",
      row("case", "outcome", "after"),
    ]
    for (index, end) in ended.enumerated() {
      lines.append(row(labels[index], outcomes[index], RunReport.seconds(end.seconds)))
      lines += end.lines.prefix(6).map { "      " + $0 }
    }
    lines += hazard.notes.map { "  " + $0 }
    lines.append("  The rule: \(hazard.rule)")
    return lines.joined(separator: "\n")
  }

  static func describe(_ end: Ended) -> String {
    guard end.noProgress else { return end.outcome }
    guard let stuckAt = end.stuckAt else { return "no progress" }
    return "no progress since \(RunReport.seconds(stuckAt))"
  }

  /// `hazards all`: one line per hazard, broken against fixed.
  static func summaryTable(_ executable: String, _ rows: [(Hazard, [Ended])]) -> String {
    /// A hazard that finishes either way (threads that grow) says how, in the cell.
    func cell(_ end: Ended?, detailed: Bool) -> String {
      guard let end else { return "-" }
      var what =
        end.signal.map { "killed by " + signalName($0).prefix { $0 != " " } }
        ?? end.outcome
      if detailed && end.finished, let detail = end.lines.first { what = detail }
      return "\(what), \(RunReport.seconds(end.seconds))"
    }
    // The broken column shows the last broken case: the bridged callback,
    // the most riders.
    let cells = rows.map { hazard, ended in
      let detailed = hazard.cases.first?.expect == .finish
      return (
        hazard.name, cell(ended.dropLast().last, detailed: detailed),
        cell(ended.last, detailed: detailed)
      )
    }
    let nameWidth = max(6, cells.map(\.0.count).max() ?? 0) + 2
    let brokenWidth = max(6, cells.map(\.1.count).max() ?? 0) + 2
    func row(_ name: String, _ broken: String, _ fixed: String) -> String {
      "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + broken.padding(toLength: brokenWidth, withPad: " ", startingAt: 0) + fixed
    }
    return
      (["\(executable): every hazard, broken then fixed", row("hazard", "broken", "fixed")]
      + cells.map { row($0.0, $0.1, $0.2) }).joined(separator: "\n")
  }
}
