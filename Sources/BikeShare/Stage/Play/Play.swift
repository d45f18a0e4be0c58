import Foundation

/// `bikes-<era> play`: the learner is the scheduler. The stage runs on the
/// era's real code through a live gate, and the learner names the rider
/// that goes on next, until a counter leaves its range (racy) or every rider
/// is done.
public enum Play {
  /// Where the game stands: who could go on, and what has happened.
  struct Snapshot {
    let enabled: [ScriptedGate.Step]
    let steps: [String]
    let events: [Event]
    /// Per station of the story.
    let lowest: [StationCounts]
    let violations: [Violation]
    let schedule: Schedule
    /// The transfer: vans that cannot go on, and why.
    var blocked: [Int: String] = [:]
    /// The transfer: the vans deadlocked or livelocked.
    var stuck: ScriptedGate.Stuck?
    /// What the story's own rule says broke (`Plot.broken`), if anything.
    var broken: String?
    /// Once every rider is done (and none is stuck): how the play ended.
    var result: StageResult?
    var done: Bool { enabled.isEmpty }
    var won: Bool { !violations.isEmpty || stuck != nil || broken != nil }
  }

  /// One play of the stage, held at the gate between choices.
  final class Game {
    private let gate: ScriptedGate
    private let log: EventLog
    private let audits: [StationAudit]
    private let plot: any Plot
    private var stops: AsyncStream<[ScriptedGate.Step]>.Iterator
    private let played: Task<[StationCounts], Never>

    /// Starts the riders (or vans) and plays `prefix`; returns once the gate waits.
    init<E: Era>(_ era: E.Type, mode: Mode, options: StageOptions, prefix: [ScriptedGate.Step]) {
      let (stream, continuation) = AsyncStream.makeStream(of: [ScriptedGate.Step].self)
      let plot = options.story.plot
      self.plot = plot
      let stations = plot.stations
      gate = ScriptedGate(
        riders: Set(options.riderIndices), schedule: prefix,
        holding: plot.holding(mode, era: E.info), stations: stations.map(\.name),
        onWait: { continuation.yield($0) })
      log = EventLog(.memory, riderName: Schedule.name)
      audits = stations.map(StationAudit.init)
      stops = stream.makeAsyncIterator()
      let cast = StageCast(
        mode: mode, riders: options.riderIndices, stations: stations, audits: audits,
        probe: .scripted(gate), blockingProbe: .scripted(gate), log: log,
        configuration: options.configuration)
      played = Task { await plot.play(E.self, cast) }
    }

    func next() async -> Snapshot {
      let enabled = await stops.next() ?? []
      // Nobody left to choose and nobody stuck: every rider has finished
      // (or is finishing), so the play returns its end.
      var result: StageResult?
      if enabled.isEmpty, gate.stuck == nil {
        let ends = await played.value
        result = plot.result(
          ends: ends, audits: audits, events: log.events, stuck: nil, finished: true)
      }
      return Snapshot(
        enabled: enabled, steps: log.recorded, events: log.events, lowest: audits.map(\.lowest),
        violations: audits.flatMap(\.violations), schedule: Schedule(gate.trace.map(\.chosen)),
        blocked: gate.blocked, stuck: gate.stuck, broken: plot.broken(log.events), result: result)
    }

    func choose(_ step: ScriptedGate.Step) async -> Snapshot {
      gate.extend(step)
      return await next()
    }

    /// Lets the held riders go (they finish on a station nobody watches).
    func abandon() { gate.openForEveryone() }
  }

  /// The learner's moves, read one line at a time; Ctrl-C ends them.
  public static func lines(stop: StopSwitch = StopSwitch()) -> AsyncStream<String> {
    AsyncStream { continuation in
      stop.onStop { continuation.finish() }
      Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }.start()
    }
  }

  public static func run<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, input: AsyncStream<String>,
    stop: StopSwitch = StopSwitch(), terminal: Bool = isatty(1) != 0 && isatty(0) != 0
  ) async -> Int32 {
    let colour = terminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    var moves = input.makeAsyncIterator()
    var prefix: [ScriptedGate.Step] = []
    var game = Game(E.self, mode: mode, options: options, prefix: prefix)
    var snapshot = await game.next()
    var shown = 0
    var message: String?
    let plot = options.story.plot
    Console.text(intro(E.executable, mode: mode, options: options))

    func restart() async {
      game.abandon()
      game = Game(E.self, mode: mode, options: options, prefix: prefix)
      snapshot = await game.next()
      shown = 0
    }

    while true {
      if terminal {
        Console.text("\u{1B}[H\u{1B}[2J" + intro(E.executable, mode: mode, options: options))
      }
      Console.text(
        screen(
          snapshot, E.self, from: terminal ? 0 : shown, options: options, mode: mode,
          colour: colour, message: message))
      shown = snapshot.steps.count
      message = nil
      if snapshot.won || snapshot.done {
        // Not fitted: its lanes are a table (a command in it is fitted there).
        Console.out(ending(snapshot, E.self, mode: mode, options: options, colour: colour))
        Console.out("(u undo, r restart, q quit)")
      }
      guard let line = await moves.next() else {
        game.abandon()
        if stop.isStopped {
          Console.out("stopped with Ctrl-C; schedule so far: \(snapshot.schedule)")
          return ExitCode.interrupted
        }
        Console.out("end of input; schedule so far: \(snapshot.schedule)")
        return ExitCode.done
      }
      let word = line.trimmingCharacters(in: .whitespaces).lowercased()
      switch word {
      case "q", "quit":
        Console.out(
          "schedule so far: \(snapshot.schedule.steps.isEmpty ? "-" : "\(snapshot.schedule)")")
        if mode.isFix && !snapshot.won { Console.text(safeLesson(E.self, options: options)) }
        game.abandon()
        return ExitCode.done
      case "u", "undo":
        if prefix.isEmpty {
          message = "nothing to undo"
        } else {
          prefix.removeLast()
          await restart()
        }
      case "r", "restart":
        prefix = []
        await restart()
      case "?", "help":
        message = plot.rules(mode: mode)
      case "h", "hint":
        message = plot.hint(snapshot.enabled, mode: mode)
      default:
        guard word.count == 1, let letter = word.unicodeScalars.first?.value,
          letter >= 97, letter < 97 + 26
        else {
          message = "'\(Text.quoted(line))' is not a move: type a rider's letter, or u, r, h, ?, q"
          continue
        }
        let rider = Int(letter) - 97
        guard !snapshot.won, let step = snapshot.enabled.first(where: { $0.rider == rider })
        else {
          message =
            snapshot.won || snapshot.done
            ? "the game is over: u undoes the last move, r restarts, q quits"
            : options.story.plot.participants(riders: options.riders).contains(rider)
              ? "\(Schedule.name(rider)) cannot go now: it \(snapshot.blocked[rider] ?? "is done")"
              : "there is no rider \(Schedule.name(rider)) on this stage"
          continue
        }
        prefix.append(step)
        snapshot = await game.choose(step)
      }
    }
  }

  static func intro(_ executable: String, mode: Mode, options: StageOptions) -> String {
    let era = EraInfo.all.first { $0.executable == executable }
    let plot = options.story.plot
    return "\(executable) play --mode \(mode) --story \(options.story.rawValue)"
      + " --riders \(options.riders)\n" + plot.setting(riders: options.riders) + "\n"
      + (era.map { plot.goal(era: $0) } ?? "")
  }

  static func screen<E: Era>(
    _ snapshot: Snapshot, _ era: E.Type, from: Int, options: StageOptions, mode: Mode,
    colour: Bool, message: String?
  ) -> String {
    var lines: [String] = []
    for (index, step) in snapshot.steps.enumerated().dropFirst(from) {
      lines.append("  \(index + 1). \(step)")
    }
    if let message { lines.append(message) }
    guard !snapshot.won, !snapshot.done else { return lines.joined(separator: "\n") }
    for rider in options.riderIndices {
      let name = Schedule.name(rider)
      let point = snapshot.enabled.first(where: { $0.rider == rider })?.point
      let place =
        point.map {
          options.story.plot.place($0, mode: mode, era: E.info)
            ?? (mode == Mode(rawValue: "reentrant")
              ? "suspended inside the station, has checked" : "in the race window, has checked")
        } ?? snapshot.blocked[rider] ?? "done"
      lines.append("  \(name): \(place)")
    }
    let names = options.story.stations.map(\.name)
    let lowest =
      names.count == 1
      ? "\(snapshot.lowest[0])"
      : zip(names, snapshot.lowest).map { "\($0) \($1)" }.joined(separator: "; ")
    lines.append(
      "  lowest so far: \(lowest) · schedule: \(snapshot.schedule.steps.isEmpty ? "-" : snapshot.schedule.description)"
    )
    let letters = snapshot.enabled.map { Schedule.name($0.rider) }.joined(separator: ", ")
    lines.append("Who goes next? \(letters) (u undo, r restart, h hint, ? rules, q quit)")
    return lines.joined(separator: "\n")
  }

  static func ending<E: Era>(
    _ snapshot: Snapshot, _ era: E.Type, mode: Mode, options: StageOptions, colour: Bool
  ) -> String {
    let red = colour ? "\u{1B}[31m" : ""
    let green = colour ? "\u{1B}[32m" : ""
    let plain = colour ? "\u{1B}[0m" : ""
    let plot = options.story.plot
    if snapshot.won {
      var why = snapshot.violations.map(\.description).joined(separator: ", ")
      if why.isEmpty, let broken = snapshot.broken { why = broken + "." }
      switch snapshot.stuck {
      case .deadlock(let cycle)? where why.isEmpty:
        why = "deadlock: \(cycle). No van can go on, and none ever will."
      case .livelock(let steps)? where why.isEmpty:
        why = "livelock: \(steps), and round again, with nothing moved, for as long as you like."
      default: break
      }
      // A mode every era has for the story, and holds as this era does,
      // replays anywhere (the actors' vans hold no station: their nested
      // schedules are not the blocking eras').
      let everywhere = EraInfo.all.allSatisfy {
        plot.modes(for: $0).contains(mode)
          && plot.holding(mode, era: $0) == plot.holding(mode, era: E.info)
      }
      let lanes = plot.lanes(
        snapshot.events, riders: options.riders, mode: mode, stuck: snapshot.stuck, era: E.info)
      let replay =
        "  \(E.executable) replay --mode \(mode) --story \(options.story.rawValue)"
        + " --riders \(options.riders)" + E.info.flags(options.configuration)
        + " --schedule '\(snapshot.schedule)'"
      return Text.fitted(red + "You won: " + why + plain) + "\n" + Text.fitted(lanes)
        + "\nReplay it\(everywhere ? " in any era" : ""):\n" + Text.fitted(replay)
    }
    // How it ended, as `explore` names the outcome, before the lesson.
    let result = snapshot.result.map {
      "Result: " + plot.describe($0, riders: options.riders) + "\n"
    }
    if mode.isFix { return (result ?? "") + green + safeLesson(E.self, options: options) + plain }
    return (result ?? "") + plot.noWin
  }

  static func safeLesson<E: Era>(_ era: E.Type, options: StageOptions) -> String {
    options.story.plot.safeLesson(era: E.info, riders: options.riders)
  }
}
