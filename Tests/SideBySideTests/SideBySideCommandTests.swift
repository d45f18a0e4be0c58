import BikeShare
import Foundation
import TestSupport
import Testing

/// The built `bikes-side-by-side`, run as a user would, on the eras built beside it.
@Suite struct SideBySideCommandTests {
  let sideBySide: Executable
  init() throws { sideBySide = try Executable("bikes-side-by-side") }

  /// Small and quick; whether the racy rows meet in the window is up to the
  /// scheduler, so these tests check what every run must show.
  static let small = ["--riders", "8", "--paths", "2", "--leg-ms", "1"]

  /// A fresh folder to hold some era executables and not others.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "side-by-side-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A stand-in era executable that prints `lines` and exits with `status`;
  /// given `--mode M`, it prints `byMode[M]` instead when there is one.
  static func fakeEra(
    _ name: String, in folder: URL, lines: [String], byMode: [String: String] = [:],
    status: Int32 = 0
  ) throws {
    let report = folder.appendingPathComponent("\(name).out")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: report)
    for (mode, line) in byMode {
      try Data((line + "\n").utf8).write(to: folder.appendingPathComponent("\(name).\(mode).out"))
    }
    let script = folder.appendingPathComponent(name)
    let body = """
      #!/bin/sh
      mode=none
      while [ $# -gt 0 ]; do [ "$1" = --mode ] && mode=$2; shift; done
      cat '\(folder.path)/\(name).'$mode'.out' 2>/dev/null || cat '\(report.path)'
      exit \(status)

      """
    try Data(body.utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
  }

  static let rowNames = [
    "callbacks racy", "callbacks racy", "callbacks safe",
    "operations racy", "operations racy", "operations safe",
    "dispatch racy", "dispatch racy", "dispatch safe",
    "futures racy", "futures racy", "futures safe",
    "actors racy", "actors racy", "actors racy@Main", "actors reentrant", "actors safe",
  ]

  /// The side-by-side table and its summary: everything the main job prints.
  static func table(_ lines: [String]) -> [String] { lines }

  /// The transfer's table (`--explore --story transfer`): one row per era and mode.
  static func transfers(_ lines: [String]) -> [String] {
    lines.drop { !$0.hasPrefix("era ") || !$0.contains("deadlocked") }.dropFirst().filter { line in
      EraInfo.all.map(\.name).contains { line.hasPrefix($0 + " ") }
    }
  }

  @Test func everyEraInEveryModeInOneTable() async throws {
    let result = try await sideBySide.running(Self.small + ["--seed", "7"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = Self.table(result.outputLines)
    #expect(lines.first == "Side by side on the embedded city (Lisboa sample network), seed 7:")
    let rows = lines.filter { line in
      EraInfo.all.map(\.name).contains { line.hasPrefix($0 + " ") }
    }
    #expect(rows.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == Self.rowNames)
    // The racy mode with the pause, then without it; actors' main-actor
    // callers without it.
    #expect(
      rows.filter { $0.contains(" racy ") }.map { $0.split(separator: " ")[2] } == [
        "100", "0", "100", "0", "100", "0", "100", "0", "100", "0",
      ])
    #expect(rows.filter { $0.contains(" racy@Main ") }.map { $0.split(separator: " ")[2] } == ["0"])
    #expect(lines.contains { $0.hasPrefix("racy@Main: actors' racy riders check and act") })
    #expect(
      lines.contains {
        $0.hasPrefix("window: µs paused between check and act in racy rows")
      })
    for row in rows {
      if row.contains(" safe ") {
        #expect(row.hasSuffix("  fix holds"))
        #expect(row.contains(" 16 "), "8 riders × 2 paths: \(row)")
      } else {
        #expect(row.hasSuffix("  race shown") || row.hasSuffix("  no race this time"))
      }
    }
    #expect(lines.contains("fix holds in: safe 5 of 5"))
    #expect(lines.contains { $0.hasPrefix("race shown in: racy at 100 µs ") })
  }

  /// A projector's terminal of 80 columns gets the narrow table; every line
  /// of the wide one fits 100.
  @Test(arguments: [("80", 80), ("120", 100)])
  func everyLineFitsTheTerminal(columns: String, fits: Int) async throws {
    let result = try await sideBySide.running(Self.small, environment: ["COLUMNS": columns])
    #expect(result.status == 0, "\(result.standardError)")
    for line in result.outputLines {
      #expect(line.count <= fits, "\(line.count) characters: \(line)")
    }
    #expect(result.outputLines.contains { $0.hasPrefix("era ") && $0.contains(" lowest f/e ") })
    let header = try #require(result.outputLines.first { $0.hasPrefix("era ") })
    #expect(header.contains(" wall ") == (fits == 100))
  }

  @Test func jsonIsOneArrayOfEveryRow() async throws {
    let result = try await sideBySide.running(
      Self.small + ["--format", "json", "--lock", "nslock"])
    #expect(result.status == 0, "\(result.standardError)")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]])
    #expect(
      rows.map {
        let callers = ($0["config"] as? [String: Any])?["callers"] as? String
        return "\($0["era"] ?? "") \($0["mode"] ?? "")" + (callers == "main-actor" ? "@Main" : "")
      } == Self.rowNames)
    for row in rows where row["mode"] as? String == "safe" {
      #expect(row["meaning"] as? String == "fix holds")
    }
    let dispatch = try #require(rows.first { $0["era"] as? String == "dispatch" })
    #expect((dispatch["config"] as? [String: Any])?["lock"] as? String == "nslock")
  }

  @Test func aMissingEraIsSkippedWithAClearMessage() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["bikes-callbacks", "bikes-actors"] {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(name),
        withDestinationURL: try Executable(name).url)
    }
    let result = try await sideBySide.running(Self.small + ["--bin-dir", folder.path])
    #expect(result.status == 1, "an era could not run")
    #expect(result.errorLines.count == 3)
    #expect(
      result.errorLines.first
        == "bikes-side-by-side: bikes-operations not found in \(folder.path) (build it with:"
        + " swift build -c release --product bikes-operations); skipping it")
    #expect(result.printsLine("dispatch   (bikes-dispatch not built: skipped)"))
    let table = Self.table(result.outputLines)
    #expect(table.filter { $0.hasPrefix("callbacks ") || $0.hasPrefix("actors ") }.count == 8)
    #expect(table.last == "Not run: bikes-operations, bikes-dispatch, bikes-futures.")
  }

  /// `--explore --story transfer`: every era in each of its transfer modes.
  @Test func exploringTheTransferRunsEachEraInItsTransferModes() async throws {
    let result = try await sideBySide.running(["--explore", "--story", "transfer"])
    #expect(result.status == 0, "\(result.standardError)")
    let rows = Self.transfers(result.outputLines)
    #expect(rows.count == 19)
    #expect(
      rows.contains { $0 == "dispatch   nested             4          0           2           0" })
  }

  /// `--format html`: every era's atlas in one page, the table's counts in
  /// it, and the trees the same in every era but the actors' on the transfer.
  @Test func theAtlasOfEveryEraIsOnePage() async throws {
    for story in ["slot", "transfer"] {
      let result = try await sideBySide.running(["--format", "html", "--story", story])
      #expect(result.status == 0, "\(result.standardError)")
      let book = try #require(AtlasPage.book(in: result.standardOutput))
      #expect(Set(book.atlases.map(\.era)) == Set(EraInfo.all.map(\.name)))
      for mode in Set(book.atlases.map(\.mode)) {
        let shapes = book.atlases.filter { $0.mode == mode }.map { ($0.era, $0.shape) }
        let others = shapes.filter { $0.0 != "actors" }
        guard let other = others.first else { continue }  // an actors' own mode
        #expect(Set(others.map(\.1)).count == 1, "\(story) \(mode): \(shapes)")
        if let actors = shapes.first(where: { $0.0 == "actors" }) {
          // On the transfer an actor holds no station across a step: where
          // the other eras' vans hold one (nested, safe) its tree differs.
          let differs = story == "transfer" && mode != "racy"
          #expect((actors.1 != other.1) == differs, "\(story) \(mode)")
        }
      }
    }
  }

  /// The main job prints the atomicity table only: the transfer (chapter 08)
  /// is not shown before the chapter asks the room to predict it.
  @Test func theMainJobLeavesTheTransferForChapter08() async throws {
    let result = try await sideBySide.running(Self.small)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("deadlocked"), "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("nested"), "\(result.standardOutput)")
  }

  /// The transfer with three vans: the blocking eras' nested vans deadlock,
  /// the actors era's never do and break a counter instead; no safe row sticks.
  @Test func theTransferTableShowsWhoCanDeadlock() async throws {
    let result = try await sideBySide.running([
      "--explore", "--story", "transfer", "--riders", "3",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // A room reads it: the story's line with three vans was 139 columns.
    let widest = result.outputLines.max { $0.count < $1.count } ?? ""
    #expect(widest.count <= Text.roomWidth, "\(widest.count): \(widest)")
    let rows = Self.transfers(result.outputLines).map { $0.split(separator: " ").map(String.init) }
    #expect(rows.count == 19)
    for row in rows {
      let (era, mode) = (row[0], row[1])
      let (forbidden, deadlocked) = (Int(row[3])!, Int(row[4])!)
      switch mode {
      case "nested" where era == "actors": #expect(deadlocked == 0 && forbidden > 0, "\(row)")
      case "nested": #expect(deadlocked > 0 && forbidden == 0, "\(row)")
      case "safe": #expect(deadlocked == 0 && forbidden == 0, "\(row)")
      default: #expect(deadlocked == 0, "\(row)")
      }
    }
  }

  @Test func noEraAtAllIsAnError() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await sideBySide.running(["--bin-dir", folder.path])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "bikes-side-by-side: no era executables in \(folder.path) (build them with: swift build"
          + " -c release)"
      ])
    #expect(result.standardOutput.isEmpty)
    let empty = try await sideBySide.running(["--bin-dir", ""])
    #expect(empty.status == 2)
    #expect(empty.errorLines == ["bikes-side-by-side: --bin-dir needs a folder"])
  }

  /// An era that fails without a word is still named.
  @Test(arguments: [(false, Int32(1)), (false, 3), (true, 1), (true, 3)])
  func anEraThatEndsSilentlyIsNamed(replay: Bool, status: Int32) async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.fakeEra("bikes-callbacks", in: folder, lines: [], status: status)
    let result = try await sideBySide.running(
      ["--bin-dir", folder.path] + (replay ? ["--replay"] : []))
    #expect(result.status == 1)
    #expect(
      result.errorLines.contains {
        $0.hasPrefix("bikes-side-by-side: bikes-callbacks")
          && $0.contains(" ended with status \(status)")
      },
      "\(result.errorLines)")
  }

  @Test func aViolationInASafeRowExitsThree() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.fakeEra(
      "bikes-actors", in: folder, lines: [reportLine(mode: .racy, violations: 2)],
      byMode: ["safe": reportLine(mode: .safe, violations: 1)])
    let result = try await sideBySide.running(["--bin-dir", folder.path])
    #expect(result.status == 3)
    #expect(result.outputLines.contains { $0.hasPrefix("actors ") && $0.hasSuffix("  FIX BROKEN") })
    #expect(
      result.printsLine("A safe row has a violation: that era's fix is broken (exit 3)."))
  }

  @Test func anEraThatPrintsNoReportIsAnError() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.fakeEra("bikes-callbacks", in: folder, lines: ["Segmentation fault"], status: 139)
    let result = try await sideBySide.running(["--bin-dir", folder.path])
    #expect(result.status == 1)
    #expect(
      result.errorLines.contains(
        "bikes-side-by-side: bikes-callbacks printed a line that is not its report: Segmentation fault"
      ))
    #expect(
      result.errorLines.contains(
        "bikes-side-by-side: bikes-callbacks --mode racy ended with status 139 and printed no report"
      ))
  }

  @Test func anEraUsageErrorStopsAtTheFirstEra() async throws {
    let result = try await sideBySide.running(["--station", "Atlantis"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-callbacks: --station 'Atlantis': city 'Lisboa sample network' has no station with that id or name"
      ])
  }

  @Test func badOptionsAreOneLineAndExitTwo() async throws {
    let result = try await sideBySide.running(["--mode", "safe"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-side-by-side: side by side runs every era in every mode (--mode goes with --replay)"
      ])
    #expect(result.standardOutput.isEmpty)
  }

  @Test func exploreShowsTheSameCountsInEveryEra() async throws {
    let result = try await sideBySide.running(
      ["--explore", "--riders", "3"], environment: ["COLUMNS": "80"])
    for line in result.outputLines { #expect(line.count <= 80, "\(line)") }
    #expect(result.printsLine("    e.g. A:arrive B:arrive B:window A:window C:arrive"))
    #expect(result.status == 0, "\(result.standardError)")
    let rows = result.outputLines.filter { line in
      EraInfo.all.map(\.name).contains { line.hasPrefix($0 + " ") }
    }
    #expect(rows.count == 11)
    for row in rows {
      let words = row.split(separator: " ")
      #expect(words[2] == (words[1] == "safe" ? "6" : "66"), "\(row)")
      #expect(words[3] == (words[1] == "safe" ? "0" : "60"), "\(row)")
    }
  }

  @Test func replayShowsTheSameSixStepsInEveryEra() async throws {
    let result = try await sideBySide.running(["--replay"])
    #expect(result.status == 0)
    // Each era's part starts at its title; its steps are the numbered lines.
    var steps: [[String]] = []
    for line in result.outputLines {
      if line.hasPrefix("══ ") {
        steps.append([])
      } else if !steps.isEmpty, let first = line.dropFirst(2).first, line.hasPrefix("  "),
        first.isNumber
      {
        steps[steps.count - 1].append(line)
      }
    }
    #expect(steps.count == 5)
    #expect(steps.allSatisfy { $0 == steps[0] })
    #expect(steps[0].count == 6)
    #expect(steps[0].contains("  4. A leaves a bike at Rossio: free 7, empty -1  ← empty -1"))
    #expect(result.outputLines.filter { $0.hasPrefix("══ ") }.count == 5)
  }

  /// Minute-long legs: the run can only end quickly (within the time limit)
  /// by being stopped; the era that was running prints its partial report.
  @Test(.timeLimit(.minutes(1))) func ctrlCStopsTheEraThatIsRunningAndTheRest() async throws {
    let result = try await sideBySide.interrupting(["--leg-ms", "60000", "--riders", "3"]) { line in
      line.hasPrefix("era ")
    }
    #expect(result.status == 130)
    let lines = result.outputLines
    #expect(lines.contains("stopped with Ctrl-C: the rows above are all there is"))
    #expect(!lines.contains { $0.hasPrefix("operations ") })
  }
}
