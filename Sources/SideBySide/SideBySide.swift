import BikeShare
import Foundation

/// The playground's main job: every era in every mode, with the same
/// options, in one table (or one JSON array); or the five replays in turn.
@main
enum SideBySide {
  static func main() {
    Console.claimStandardStreams()
    exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do {
      switch try OptionsParser.parse(arguments) {
      case .help:
        Console.out(OptionsParser.help)
        return ExitCode.done
      case .version:
        Console.out("\(OptionsParser.executable) \(CommandLineParser.version)")
        return ExitCode.done
      case .compare(let parsed): options = parsed
      }
    } catch {
      return fail(error.description, code: ExitCode.usageError)
    }
    let folder =
      options.binDirectory.map { URL(fileURLWithPath: $0) }
      ?? Bundle.main.executableURL?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: ".")
    if !EraInfo.all.contains(where: {
      FileManager.default.isExecutableFile(
        atPath: folder.appendingPathComponent($0.executable).path)
    }) {
      return fail(
        "no era executables in \(folder.path) (build them with: swift build -c release)",
        code: ExitCode.runtimeError)
    }
    let stopper = Stopper()
    let signals = stopper.install()
    defer { for signal in signals { signal.cancel() } }
    if options.html { return atlases(options, folder: folder, stopper: stopper) }
    if options.explore { return explorations(options, folder: folder, stopper: stopper) }
    return options.replay
      ? replays(options, folder: folder, stopper: stopper)
      : compare(options, folder: folder, stopper: stopper)
  }

  /// Finds an era's executable, or says on stderr why it is skipped.
  static func executable(_ era: EraInfo, in folder: URL) -> URL? {
    let url = folder.appendingPathComponent(era.executable)
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    warn(
      "\(era.executable) not found in \(folder.path)"
        + " (build it with: swift build -c release --product \(era.executable)); skipping it")
    return nil
  }

  private static func compare(_ options: Options, folder: URL, stopper: Stopper) -> Int32 {
    let isText = options.format == .text
    var rows: [RunReport] = []
    var lines: [String] = []
    var skipped: [String] = []
    var failed = false
    func show(_ text: String) { if isText { Console.out(text) } }
    let layout = Table.Layout.current
    Table.title(options.configuration).forEach(show)
    show("")
    show(Table.header(layout))

    for era in EraInfo.all {
      if stopper.isStopped { break }
      guard let url = executable(era, in: folder) else {
        skipped.append(era.executable)
        show(Table.line(era: era.name, note: "(\(era.executable) not built: skipped)"))
        continue
      }
      runs: for arguments in options.runs(for: era) {
        if stopper.isStopped { break }
        var reports = 0
        let end: ChildEnd
        do {
          end = try Child.run(url, arguments, stopper: stopper) { line in
            guard !line.isEmpty else { return }
            guard let row = try? RunReport(jsonLine: line), row.era == era.name else {
              warn(
                "\(era.executable) printed a line that is not its"
                  + " report: \(line.prefix(80))")
              failed = true
              return
            }
            show(Table.line(row, layout, colour: Table.colours))
            rows.append(row)
            lines.append(line)
            reports += 1
          }
        } catch {
          warn("could not start \(url.path): \(error)")
          failed = true
          break runs
        }
        switch end {
        case .exited(ExitCode.done) where reports == 1:
          continue
        case .exited(ExitCode.interrupted), .killed(SIGINT):
          stopper.stop()
        case .exited(let code)
        where code == ExitCode.runtimeError || code == ExitCode.usageError:
          // The era said why on stderr (a city that cannot be loaded, an
          // unknown station); every other era would say the same.
          if code == ExitCode.runtimeError {
            warn(
              "\(era.executable) ended with status 1;"
                + " the other eras were not run")
          }
          return code
        case .exited(let code):
          let run = ([era.executable] + arguments.drop { $0 != "--mode" }).joined(separator: " ")
          warn(
            "\(run) ended with status \(code)"
              + (reports == 0 ? " and printed no report" : " after \(reports) reports, not 1"))
          failed = true
        case .killed(SIGPIPE):
          // Whoever read the output went away (`| head -1`): not the era's fault.
          return ExitCode.runtimeError
        case .killed(let signal):
          warn("\(era.executable) was killed by signal \(signal)")
          failed = true
        }
      }
    }

    if isText {
      if stopper.isStopped { show("stopped with Ctrl-C: the rows above are all there is") }
      show("")
      Table.legend(options.configuration, layout: layout).forEach(show)
      show("")
      Table.summary(rows: rows, skipped: skipped).forEach(show)
    } else {
      Console.out("[" + zip(rows, lines).map(Table.json).joined(separator: ",\n") + "]")
    }
    if stopper.isStopped { return ExitCode.interrupted }
    if rows.contains(where: { $0.verdict == .fixBroken }) { return ExitCode.violations }
    // A skipped era could not run: the table is not the whole story.
    if failed || rows.isEmpty || !skipped.isEmpty { return ExitCode.runtimeError }
    return ExitCode.done
  }

  private static func replays(_ options: Options, folder: URL, stopper: Stopper) -> Int32 {
    var code = ExitCode.done
    var ran = 0
    for (index, era) in EraInfo.all.enumerated() {
      if stopper.isStopped { return ExitCode.interrupted }
      let title = "══ \(index + 1). \(era.title) (\(era.executable)) "
      Console.out((index > 0 ? "\n" : "") + title + String(repeating: "═", count: 70 - title.count))
      guard let url = executable(era, in: folder) else {
        Console.out("(\(era.executable) not built: skipped)")
        continue
      }
      do {
        switch try Child.run(url, options.replayArguments(), stopper: stopper) {
        case .exited(ExitCode.done): ran += 1
        case .exited(ExitCode.interrupted), .killed(SIGINT):
          return ExitCode.interrupted
        case .exited(let status):
          // A usage error is the same for every era: stop at the first.
          if status == ExitCode.usageError { return status }
          warn("\(era.executable) ended with status \(status)")
          code = ExitCode.runtimeError
        case .killed(SIGPIPE):
          // Whoever read the output went away (`| head -1`): not the era's fault.
          return ExitCode.runtimeError
        case .killed(let signal):
          warn("\(era.executable) was killed by signal \(signal)")
          code = ExitCode.runtimeError
        }
      } catch {
        warn("could not start \(url.path): \(error)")
        code = ExitCode.runtimeError
      }
    }
    return ran == 0 ? ExitCode.runtimeError : code
  }

  static func fail(_ message: String, code: Int32) -> Int32 {
    warn(message)
    return code
  }

  /// One line on stderr, named and escaped (it can quote outside text).
  static func warn(_ message: String) {
    Console.error("\(OptionsParser.executable): \(Text.escaped(message))")
  }
}
