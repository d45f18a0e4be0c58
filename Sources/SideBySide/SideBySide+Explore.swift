import BikeShare
import Foundation

/// `--explore` and `--format html`: every era's explorer, as one table or one page.
extension SideBySide {
  /// `--explore`: one row per era and mode: schedules, forbidden, and the
  /// forbidden schedule with the fewest switches, to replay anywhere.
  static func explorations(_ options: Options, folder: URL, stopper: Stopper) -> Int32 {
    let isText = options.format == .text
    var objects: [String] = []
    if isText {
      let stage = options.stage
      let bound = stage.maxSwitches.map { ", at most \($0) switch\($0 == 1 ? "" : "es")" } ?? ""
      Console.out("Every schedule of the stage, in every era\(bound):")
      Console.out(Text.fitted(stage.story.setting(riders: stage.riders)))
      Console.out("")
      Console.out(stage.story.plot.canGetStuck ? ExploreTable.stuckHeader : ExploreTable.header)
    }
    let skipped = { (era: EraInfo) in
      if isText {
        Console.out(Table.line(era: era.name, note: "(\(era.executable) not built: skipped)"))
      }
    }
    let end = exploreEveryEra(options, folder: folder, stopper: stopper, skipped: skipped) {
      era, lines in
      let printed = lines.filter { !$0.isEmpty }
      guard printed.count == 1, let line = printed.first, let row = ExploreTable.Row(jsonLine: line)
      else {
        warn(
          "\(era.executable) printed a line that is not its"
            + " exploration: \(printed.first?.prefix(80) ?? "nothing")")
        return false
      }
      objects.append(line)
      if isText, options.stage.story.plot.canGetStuck {
        Console.out(ExploreTable.stuckLine(row))
      } else if isText {
        for text in ExploreTable.lines(row, width: Table.Layout.current.width) { Console.out(text) }
      }
      return true
    }
    if case .stop(let code) = end { return code }
    if !isText { Console.out("[" + objects.joined(separator: ",\n") + "]") }
    return end == .failed || objects.isEmpty ? ExitCode.runtimeError : ExitCode.done
  }

  /// `--format html`: every era's `explore --format html`, gathered into
  /// one page: the side-by-side table, then a tab per era.
  static func atlases(_ options: Options, folder: URL, stopper: Stopper) -> Int32 {
    var atlases: [Atlas] = []
    let end = exploreEveryEra(options, folder: folder, stopper: stopper) { era, lines in
      guard let book = AtlasPage.book(in: lines.joined(separator: "\n")) else {
        warn("\(era.executable) printed no atlas")
        return false
      }
      atlases += book.atlases
      return true
    }
    if case .stop(let code) = end { return code }
    Console.out(
      AtlasPage.html(
        AtlasPage.Book(title: AtlasPage.title("Every era", options.stage), atlases: atlases)))
    return end == .failed || atlases.isEmpty ? ExitCode.runtimeError : ExitCode.done
  }

  /// How running every era's explorer went.
  enum Explored: Equatable {
    case done
    /// An era failed (said on stderr); the others ran.
    case failed
    /// Stop now with this exit code (Ctrl-C, a usage error, the reader gone).
    case stop(Int32)
  }

  /// Runs `explore` in every era and mode (`Options.exploreRuns`) and hands
  /// each run's output lines to `take`, which says whether they were what
  /// was asked for.
  static func exploreEveryEra(
    _ options: Options, folder: URL, stopper: Stopper,
    skipped: (EraInfo) -> Void = { _ in }, take: (EraInfo, [String]) -> Bool
  ) -> Explored {
    var failed = false
    for era in EraInfo.all {
      if stopper.isStopped { return .stop(ExitCode.interrupted) }
      guard let url = executable(era, in: folder) else {
        skipped(era)
        continue
      }
      for arguments in options.exploreRuns(for: era) {
        var lines: [String] = []
        do {
          switch try Child.run(url, arguments, stopper: stopper, line: { lines.append($0) }) {
          case .exited(ExitCode.done):
            if !take(era, lines) { failed = true }
          case .exited(ExitCode.interrupted), .killed(SIGINT):
            return .stop(ExitCode.interrupted)
          case .exited(ExitCode.usageError): return .stop(ExitCode.usageError)
          case .exited(let code):
            warn(
              "\(era.executable) \(arguments.joined(separator: " "))"
                + " ended with status \(code)")
            failed = true
          case .killed(SIGPIPE):
            // Whoever read the output went away (`| head -1`): not the era's fault.
            return .stop(ExitCode.runtimeError)
          case .killed(let signal):
            warn("\(era.executable) was killed by signal \(signal)")
            failed = true
          }
        } catch {
          warn("could not start \(url.path): \(error)")
          failed = true
        }
      }
    }
    return failed ? .failed : .done
  }
}
