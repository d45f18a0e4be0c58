import Foundation

/// The `main` of every era: parse, load the city, run each mode, audit,
/// report, exit. An era only supplies its `simulate` and `replay`.
public enum EraCommand {

  /// Runs the command line and returns the exit code.
  public static func run<E: Era>(
    _ era: E.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Int32 {
    // `bikes-bench`'s way in; not part of the documented command line.
    if arguments.first == "bench-ops" {
      return await BenchOps.run(E.self, arguments: Array(arguments.dropFirst()))
    }
    if arguments.first == "bench-floor" {
      return await BenchOps.floor(E.self, arguments: Array(arguments.dropFirst()))
    }
    // The tests' way in to `starts`' instrument, in a process of its own.
    if arguments.first == "starts-held" {
      return await Starts.held(E.self, arguments: Array(arguments.dropFirst()))
    }
    let command: Command
    do {
      command = try CommandLineParser.parse(arguments, for: E.info)
    } catch {
      return fail(E.self, error.description, code: ExitCode.usageError)
    }
    switch command {
    case .help:
      Console.out(CommandLineParser.help(for: E.info, summary: E.summary))
      return ExitCode.done
    case .version:
      Console.out("\(E.executable) \(CommandLineParser.version)")
      return ExitCode.done
    case .stage(let command, let options):
      return await stage(E.self, command, options)
    case .hazards(let request):
      return await HazardsCommand.run(E.self, request)
    case .starts(let request):
      return await Starts.run(E.self, request)
    case .run(let configuration):
      return await simulate(E.self, configuration)
    }
  }

  private static func simulate<E: Era>(_ era: E.Type, _ configuration: Configuration) async
    -> Int32
  {
    let stop = StopSwitch()
    let interrupt = Interrupt.install(stop)
    defer { interrupt.cancel() }

    let city: City
    let selection: Selection
    do {
      // Ctrl-C during a slow download cancels it.
      let source = configuration.city
      let loading = Task { try await source.load() }
      stop.onStop { loading.cancel() }
      city = try await loading.value
    } catch let error as CityError {
      if stop.isStopped { return ExitCode.interrupted }
      return fail(E.self, error.description, code: ExitCode.runtimeError)
    } catch {
      // Only a cancelled download ends here.
      return stop.isStopped
        ? ExitCode.interrupted : fail(E.self, "\(error)", code: ExitCode.runtimeError)
    }
    do {
      selection = try Selection(city: city, configuration: configuration)
    } catch {
      return fail(E.self, error.description, code: ExitCode.usageError)
    }
    if stop.isStopped { return ExitCode.interrupted }

    let isText = configuration.format == .text
    if isText {
      Console.text("\(E.executable) on \(city.name): \(E.summary)")
      for line in E.banner { Console.text("  " + line) }
    }
    let log = EventLog(!configuration.log ? .none : isText ? .standardOutput : .standardError)
    var reports: [RunReport] = []
    for mode in configuration.modes {
      let simulation = Simulation(
        mode: mode, configuration: configuration, selection: selection, log: log, stop: stop)
      let clock = ContinuousClock()
      let started = clock.now
      // The async era stops through task cancellation; the others also watch `stop`.
      let run = Task { await E.simulate(simulation) }
      stop.onStop { run.cancel() }
      let bound = Watchdog.bound(configuration)
      let ending = await Watchdog.outcome(of: run, visits: simulation.whereabouts, bound: bound)
      guard case .finished(let outcome) = ending else {
        // Nothing progressed: the riders cannot be told to stop; report, leave them.
        log.finish()
        if case .noProgress(let stuckAt, let firedAt) = ending {
          let waited = bound ?? .zero
          Console.out(
            isText
              ? "\n"
                + Text.fitted(
                  Watchdog.text(simulation, bound: waited, stuckAt: stuckAt, firedAt: firedAt))
              : Watchdog.json(
                simulation, era: E.name, bound: waited, stuckAt: stuckAt, firedAt: firedAt))
        }
        return ExitCode.noProgress
      }
      log.finish()
      let report = RunReport(
        era: E.info, simulation: simulation, outcome: outcome, interrupted: stop.isStopped,
        wallSeconds: started.duration(to: clock.now).seconds)
      Console.out(isText ? "\n" + Text.fitted(report.text) : report.jsonLine)
      reports.append(report)
      if stop.isStopped { return ExitCode.interrupted }
    }
    if isText && reports.count > 1 {
      // Both modes at a glance: the race, then the fix.
      Console.out("")
      for report in reports {
        Console.text(
          "\(report.mode.rawValue): \(report.violations.count) violations  \(report.verdictLine)")
      }
    }
    if configuration.failOnViolation && reports.contains(where: \.hasViolations) {
      return ExitCode.violations
    }
    return ExitCode.done
  }

  /// `replay`, `explore`, `stress`: each mode in turn on the stage.
  private static func stage<E: Era>(
    _ era: E.Type, _ command: StageCommand, _ options: StageOptions
  ) async -> Int32 {
    let stop = StopSwitch()
    let interrupt = Interrupt.install(stop)
    defer { interrupt.cancel() }
    let isText = options.format == .text
    var code = ExitCode.done
    var atlases: [Atlas] = []
    for (index, mode) in options.modes.enumerated() {
      if stop.isStopped { return ExitCode.interrupted }
      let separator = index > 0 && isText ? "\n" : ""
      switch command {
      case .play:
        return await Play.run(
          E.self, mode: mode, options: options, input: Play.lines(stop: stop), stop: stop)
      case .replay where isText:
        // Each step as it happens: a replay that stalls has shown how far it got.
        let header = Replay.header(
          mode: mode, story: options.story, riders: options.riders, executable: E.executable,
          schedule: options.schedule, configuration: options.configuration)
        Console.text(separator + header.joined(separator: "\n"))
        let counter = StepCounter()
        let outcome = await Replay.play(
          E.self, mode: mode, options: options,
          echo: { Console.text("  \(counter.next()). \($0)") }, stallAfter: .seconds(5))
        if let failure = outcome.failure, options.schedule != nil,
          !failure.hasPrefix("stalled")
        {
          // The schedule asked for a rider that was not there: the user's mistake.
          return fail(E.self, "--schedule cannot be played: \(failure)", code: ExitCode.usageError)
        }
        Console.text(
          Replay.footer(outcome, scheduled: options.schedule != nil).joined(separator: "\n"))
        if outcome.failure != nil { return ExitCode.runtimeError }
      case .replay:
        let outcome = await Replay.play(E.self, mode: mode, options: options)
        if let failure = outcome.failure, options.schedule != nil {
          // The schedule asked for a rider that was not there: the user's mistake.
          return fail(E.self, "--schedule cannot be played: \(failure)", code: ExitCode.usageError)
        }
        switch options.format {
        case .lanes, .mermaid:
          let command =
            "\(E.executable) replay --mode \(mode) --story \(options.story.rawValue)"
            + " --riders \(options.riders)" + E.info.flags(options.configuration)
            + " --schedule '\(outcome.schedule)'"
          Console.out(separator + drawing(outcome, E.self, options: options, command: command))
        default:
          Console.text(
            separator
              + Replay.text(
                outcome, executable: E.executable, scheduled: options.schedule != nil,
                configuration: options.configuration))
        }
        if outcome.failure != nil { code = ExitCode.runtimeError }
      case .explore where options.jobs:
        if index > 0 { continue }  // the shapes cover every mode at once
        var rows: [JobsExplorer.Row] = []
        for shape in E.jobShapes(for: options) {
          rows.append(await JobsExplorer.explore(shape, options: options, stop: stop))
        }
        Console.out(
          isText
            ? Text.fitted(JobsExplorer.text(rows, options: options, executable: E.executable))
            : JobsExplorer.json(rows, options: options, era: E.name))
        if rows.contains(where: { $0.shape.isFix && $0.forbidden > 0 }) {
          code = ExitCode.violations
        }
      case .explore:
        if index == 0 { OneProcessor.pin() }
        let exploration = await Explorer.explore(
          E.self, mode: mode, options: options, stop: stop, keepRuns: options.format == .html,
          progress: Progress.every(500, "schedules explored"))
        switch options.format {
        case .html: atlases.append(Atlas(exploration, era: E.info))
        case .lanes, .mermaid:
          // The forbidden example with the fewest switches (or the first outcome's), drawn.
          let chosen =
            exploration.shortestForbidden ?? exploration.shortest(.deadlocked)
            ?? exploration.shortest(.livelocked) ?? exploration.outcomes.first
          if let example = chosen?.example {
            let run = await Stage.play(
              E.self, mode: mode, options: options, schedule: example, continues: false)
            let command =
              "\(E.executable) explore --mode \(mode) --story \(options.story.rawValue)"
              + " --riders \(options.riders)" + E.info.flags(options.configuration)
            Console.out(separator + drawing(run, E.self, options: options, command: command))
          }
        case .json: Console.out(Explorer.json(exploration, era: E.name))
        case .text: Console.text(separator + Explorer.text(exploration, executable: E.executable))
        }
        if !exploration.unsteady.isEmpty || !exploration.failures.isEmpty {
          code = ExitCode.runtimeError
        } else if options.failOnViolation, exploration.bad > 0, code == ExitCode.done {
          code = ExitCode.violations
        }
      case .stress:
        let tally = await Stress.run(
          E.self, mode: mode, options: options, stop: stop,
          progress: Progress.every(max(1, options.runs / 10), "of \(options.runs) runs"))
        Console.out(
          separator
            + (isText
              ? Text.fitted(Stress.text(tally, executable: E.executable))
              : Stress.json(tally, era: E.name)))
        if tally.hung > 0 {
          code = ExitCode.noProgress
        } else if options.failOnViolation, tally.bad > 0, code == ExitCode.done {
          code = ExitCode.violations
        }
      }
    }
    if stop.isStopped { return ExitCode.interrupted }
    if !atlases.isEmpty {
      Console.out(
        AtlasPage.html(AtlasPage.Book(title: AtlasPage.title(E.name, options), atlases: atlases)))
    }
    return code
  }

  /// Numbers the steps a replay prints as they happen.
  private final class StepCounter: Sendable {
    private let count = Locked(0)
    func next() -> Int {
      count.withLock {
        $0 += 1
        return $0
      }
    }
  }

  /// A run as swimlanes or a Mermaid diagram, headed by the command that
  /// draws it again (add `--format lanes` or `--format mermaid`).
  private static func drawing<E: Era>(
    _ run: StageRun, _ era: E.Type, options: StageOptions, command: String
  ) -> String {
    let plot = run.story.plot
    if options.format == .mermaid { return "%% \(command)\n" + plot.mermaid(run, era: E.info) }
    // Lanes are read in a terminal too: a room's width, the command pasting whole.
    return Text.fitted(
      command + "\n"
        + plot.lanes(
          run.events, riders: run.riders, mode: run.mode, stuck: run.result.stuck, era: E.info))
  }

  private static func fail<E: Era>(_ era: E.Type, _ message: String, code: Int32) -> Int32 {
    // One line whatever the message quotes: arguments and city data are
    // outside text.
    Console.error("\(E.executable): \(Text.escaped(message))")
    return code
  }
}
