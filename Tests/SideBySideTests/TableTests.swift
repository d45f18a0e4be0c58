import BikeShare
import Foundation
import Testing

@testable import SideBySide

/// A report line in the eras' JSON format.
func reportLine(
  era: String = "actors", mode: Mode, violations: Int = 0, conserved: Bool = true,
  interrupted: Bool = false, lowest: (free: Int, empty: Int) = (0, 0)
) -> String {
  let violation =
    #"{"counter":"free_bikes","station":"Rossio","station_id":"r","value":-1}"#
  func station(_ id: String, min: (free: Int, empty: Int)) -> String {
    let counts = #"{"empty_slots":3,"free_bikes":3}"#
    return #"{"capacity":6,"end":\#(counts),"id":"\#(id)","max":\#(counts),"#
      + #""min":{"empty_slots":\#(min.empty),"free_bikes":\#(min.free)},"name":"\#(id)","#
      + #""start":\#(counts)}"#
  }
  return #"{"bikes_at_end":14,"bikes_at_start":14,"bikes_ridden":0,"#
    + #""config":{"city":"embedded","fail_on_violation":false,"format":"json","goal":null,"#
    + #""leg_ms":10,"log":false,"mode":"\#(mode.rawValue)","paths":10,"race_window_us":100,"#
    + #""riders":50,"seed":2021,"stations":["a","b"]},"#
    + #""conserved":\#(conserved),"era":"\#(era)","goal_reached":0,"#
    + #""interrupted":\#(interrupted),"mode":"\#(mode.rawValue)","normal_legs":950,"#
    + #""normal_seconds":9.5,"notes":[],"paths":500,"riders":50,"stations":["#
    + station("a", min: (lowest.free, lowest.empty + 3)) + ","
    + station("b", min: (lowest.free + 2, lowest.empty)) + "],"
    + #""violations":[\#(Array(repeating: violation, count: violations).joined(separator: ","))],"#
    + #""waiting_legs":587,"waiting_seconds":5.87,"wall_seconds":0.4137}"#
}

@Suite struct TableTests {
  /// What the user typed reaches the title escaped, one line each, as the
  /// eras print it (fuzz-6, finding 3: an escape sequence and a line break
  /// reached the terminal).
  @Test func theTitleEscapesWhatWasTyped() {
    var configuration = Configuration()
    configuration.city = CitySource.file("city\u{1B}[2Jx.json")
    configuration.stationPicks = ["\u{1B}[31mX\nY", "R\u{202E}o"]
    configuration.goal = "\u{1B}[2Jg\u{2028}"
    let title = Table.title(configuration)
    #expect(title.count == 4)
    #expect(title[0] == "Side by side on city\\u{1B}[2Jx.json, seed 2021:")
    #expect(title[1].contains("stations \\u{1B}[31mX\\nY, R\\u{202E}o ·"))
    #expect(title[3] == "goal: \\u{1B}[2Jg\\u{2028}")
  }

  /// One station is "the first station", not "first 1 station" (rehearsal 8).
  @Test(arguments: [(1, "the first station"), (4, "first 4 stations")])
  func theTitleCountsItsStations(count: Int, words: String) {
    var configuration = Configuration()
    configuration.stationCount = count
    #expect(Table.title(configuration)[1].contains(" · \(words) · "))
  }

  @Test(arguments: [
    (Mode.racy, 8, true, false, Verdict.raceShown),
    (.racy, 0, false, false, .raceShown),
    (.racy, 0, true, false, .raceMissed),
    (.racy, 0, true, true, .stopped),
    (.racy, 2, true, true, .raceShown),
    (.safe, 0, true, false, .fixHolds),
    (.safe, 1, true, false, .fixBroken),
    (.safe, 0, false, false, .fixBroken),
    (.safe, 0, true, true, .stopped),
  ])
  func verdict(mode: Mode, violations: Int, conserved: Bool, interrupted: Bool, verdict: Verdict)
    throws
  {
    let row = try RunReport(
      jsonLine: reportLine(
        mode: mode, violations: violations, conserved: conserved, interrupted: interrupted))
    #expect(row.verdict == verdict)
  }

  @Test func theTableReadsTheLowestCountsOfAllStations() throws {
    let row = try RunReport(jsonLine: reportLine(mode: .racy, violations: 8, lowest: (-16, 1)))
    #expect(row.violations.count == 8)
    #expect(
      Table.line(row, .wide)
        == "actors     racy          100   500     587          8      -16/1       yes 0.41 s  race shown"
    )
    #expect(
      Table.line(row, .narrow)
        == "actors     racy          100          8      -16/1       yes  race shown")
  }

  @Test(arguments: [Table.Layout.wide, .narrow])
  func columnsLineUpUnderTheirTitles(layout: Table.Layout) throws {
    let header = Table.header(layout)
    let line = Table.line(
      try RunReport(jsonLine: reportLine(era: "operations", mode: .safe)), layout)
    // Numbers are right-aligned: each ends where its title ends.
    for title in layout.columns.map(\.title).dropFirst(2).dropLast() {
      let end = try #require(header.range(of: title)).upperBound
      let offset = header.distance(from: header.startIndex, to: end)
      let cell = line[line.index(line.startIndex, offsetBy: offset - 1)]
      #expect(cell != " ", "nothing ends under '\(title)'")
    }
    #expect(line.hasSuffix("  fix holds"))
  }

  /// The widest row ("no race this time") fits 100 columns, or 80 narrow.
  @Test(arguments: [(Table.Layout.wide, 100), (.narrow, 80)])
  func theWidestRowFits(layout: Table.Layout, columns: Int) throws {
    let row = try RunReport(jsonLine: reportLine(era: "operations", mode: .racy, violations: 0))
    #expect(row.verdict == .raceMissed)
    #expect(Table.header(layout).count <= columns)
    #expect(Table.line(row, layout).count <= columns)
  }

  @Test func jsonRowsKeepTheWholeReportAndAddItsMeaning() throws {
    let line = reportLine(mode: .racy, violations: 1)
    let object = try #require(
      try JSONSerialization.jsonObject(
        with: Data(Table.json(try RunReport(jsonLine: line), line: line).utf8))
        as? [String: Any])
    let original = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["meaning"] as? String == "race shown")
    #expect(Set(object.keys) == Set(original.keys).union(["meaning"]))
  }

  @Test func aLineThatIsNotAReportIsRefused() {
    #expect(throws: (any Error).self) { try RunReport(jsonLine: "bikes-actors on Lisboa: …") }
    #expect(throws: (any Error).self) { try RunReport(jsonLine: #"{"era":"actors"}"#) }
  }

  @Test func theSummarySaysWhatTheRunShowed() throws {
    let rows = try [
      RunReport(jsonLine: reportLine(mode: .racy, violations: 3)),
      RunReport(jsonLine: reportLine(mode: .safe)),
      RunReport(jsonLine: reportLine(era: "dispatch", mode: .racy)),
      RunReport(jsonLine: reportLine(era: "dispatch", mode: .safe, violations: 1)),
    ]
    let summary = Table.summary(rows: rows, skipped: ["bikes-operations"])
    #expect(summary[0] == "race shown in: racy at 100 µs 1 of 2")
    #expect(summary[1] == "fix holds in: safe 1 of 2")
    #expect(summary.contains("A safe row has a violation: that era's fix is broken (exit 3)."))
    #expect(summary.contains { $0.hasPrefix("A racy row without violations or stranded bikes") })
    #expect(summary.last == "Not run: bikes-operations.")
  }

  /// Overtaking in the safe rows, each era's share; racy rows and old
  /// report lines without the fields add nothing.
  @Test func theSummaryGivesTheSafeRowsOvertaking() throws {
    func counted(_ line: String, _ requests: Int, _ overtaken: Int) -> String {
      line.replacingOccurrences(
        of: #""riders":50,"s"#,
        with: #""requests":\#(requests),"overtaken":\#(overtaken),"largest_overtake":2,"#
          + #""riders":50,"s"#)
    }
    let rows = try [
      RunReport(jsonLine: counted(reportLine(mode: .racy), 100, 50)),
      RunReport(jsonLine: counted(reportLine(mode: .safe), 400, 3)),
      RunReport(jsonLine: counted(reportLine(era: "dispatch", mode: .safe), 200, 0)),
      RunReport(jsonLine: reportLine(era: "futures", mode: .safe)),
    ]
    #expect(rows[1].overtaken == 3 && rows[1].largestOvertake == 2)
    let summary = Table.summary(rows: rows, skipped: [])
    #expect(summary.contains("overtaken in safe rows: actors 0.75 % · dispatch 0.00 %"))
    #expect(
      rows[1].text.contains(
        "overtaken: 3 of 400 (0.75 %) reached a station after a later request, by up to 2"))
    #expect(!rows[0].text.contains("overtaken:"))  // racy: counted outside the protection
    #expect(rows[2].text.contains("overtaken: 0 of 200 requests: each reached its station in"))
  }

  @Test func aLongSummaryWrapsAtEightyColumns() {
    let parts = [
      "racy at 100 µs 5 of 5", "racy at 0 µs 3 of 5", "racy@Main at 0 µs 1 of 1",
      "reentrant 1 of 1",
    ]
    #expect(
      Table.wrapped("race shown in: ", parts) == [
        "race shown in: racy at 100 µs 5 of 5 · racy at 0 µs 3 of 5",
        "               racy@Main at 0 µs 1 of 1 · reentrant 1 of 1",
      ])
    #expect(Table.wrapped("race shown in: ", ["racy at 100 µs 1 of 2"]).count == 1)
  }

  /// Main-actor callers (`--callers main-actor`): a row of their own, and a
  /// count of their own in the summary.
  @Test func mainActorCallersAreTheirOwnRow() throws {
    func onMain(_ violations: Int) -> String {
      reportLine(mode: .racy, violations: violations)
        .replacingOccurrences(of: #""race_window_us":100"#, with: #""race_window_us":0"#)
        .replacingOccurrences(
          of: #""riders":50,"seed""#, with: #""callers":"main-actor","riders":50,"seed""#)
    }
    let rows = try [
      RunReport(jsonLine: reportLine(mode: .racy, violations: 3)),
      RunReport(jsonLine: onMain(2)),
    ]
    #expect(rows[1].config.callers == .mainActor)
    #expect(Table.line(rows[0]).split(separator: " ")[1] == "racy")
    #expect(Table.line(rows[1]).split(separator: " ")[1] == "racy@Main")
    #expect(
      Table.summary(rows: rows, skipped: [])[0]
        == "race shown in: racy at 100 µs 1 of 1 · racy@Main at 0 µs 1 of 1")
  }
}

/// `--call-off`: a racy row whose only violation is a stranded bike says
/// "bikes stranded", not "race shown", and the summary counts them per mode.
@Suite struct CallOffRowTests {
  func calledOff(_ mode: Mode, stranded: Int, violations: Int = 0) throws -> RunReport {
    let line = reportLine(mode: mode, violations: violations)
      .replacingOccurrences(of: #""city":"embedded","#, with: #""call_off":3,"city":"embedded","#)
      .replacingOccurrences(
        of: #""bikes_ridden":0,"#,
        with: #""bikes_ridden":\#(stranded),"called_off":3,"largest_stop_seconds":0.01,"#
          + #""largest_visits_after_call_off":1,"median_stop_seconds":0.01,"#
          + #""stopped_after_call_off":3,"stranded":\#(stranded),"visits_after_call_off":3,"#)
    return try RunReport(jsonLine: line)
  }

  @Test func aStrandedBikeIsNamedAndCounted() throws {
    let rows = try [
      calledOff(.racy, stranded: 3), calledOff(.racy, stranded: 3, violations: 2),
      calledOff(.safe, stranded: 0),
    ]
    #expect(rows[0].meaning == "bikes stranded")
    #expect(rows[0].verdict == .raceShown)
    // Both: the meaning says both, as the era's last line does (rehearsal 6, P-2).
    #expect(rows[1].meaning == "race shown, bikes stranded")
    #expect(rows[2].meaning == "fix holds")
    #expect(Table.line(rows[0]).hasSuffix("  bikes stranded"))
    // The violations column counts the stranded bikes too: `0+3s`, `2+3s`.
    #expect(Table.line(rows[0], .narrow).split(separator: " ")[3] == "0+3s")
    #expect(Table.line(rows[1], .narrow).split(separator: " ")[3] == "2+3s")
    #expect(Table.line(rows[2], .narrow).split(separator: " ")[3] == "0")
    #expect(rows[0].text.contains("conserved only because the 3 stranded are counted as ridden"))
    let summary = Table.summary(rows: rows, skipped: [])
    #expect(summary[0] == "race shown in: racy at 100 µs 1 of 2")
    #expect(summary[1] == "bikes stranded (--call-off 3) in: racy 2 of 2 · safe 0 of 1")
    #expect(!summary.contains { $0.hasPrefix("A racy row without") })
    #expect(rows[0].callOffs?.stranded == 3)
    #expect(rows[0].callOffs?.line.hasSuffix("stranded: 3 bikes") == true)
  }
}

/// The table's columns stay put whatever the wall time (rehearsal 7, 06-P2:
/// a wall of 12.03 s took the column's last space and shifted the meaning).
@Suite struct WallColumnTests {
  @Test(arguments: [(0.4, "0.40 s"), (9.994, "9.99 s"), (12.03, "12.0 s"), (125.4, "125 s")])
  func theWallFitsItsColumnWithASpaceBeforeIt(seconds: Double, shown: String) {
    #expect(Table.wall(seconds) == shown)
    #expect(Table.wall(seconds).count <= 6)
  }
}
