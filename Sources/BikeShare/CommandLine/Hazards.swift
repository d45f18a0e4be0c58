import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `hazards` was asked for.
public struct HazardsRequest: Sendable, Equatable {
  /// A hazard's name, `all`, or nil for the list.
  public var name: String?
  /// How long without progress stops a case.
  public var watchdogMilliseconds = 3_000
  /// Set in the child process that runs one case (not documented).
  public var caseIndex: Int?

  public init() {}
}

/// `bikes-<era> hazards [NAME|all]`: the era's own ways to stop making
/// progress, each case in a child process of its own (the same executable,
/// `hazards NAME --case K`), so that a case that wedges every thread it
/// reaches, or kills its process, is still reported, and the command always
/// ends. In the child a watchdog on a thread of its own (not in any pool the
/// case can starve) prints one JSON line and ends the process, or the case
/// finishes and does. The parent kills a child that outlives the bound by
/// five seconds.
enum HazardsCommand {
  static func run<E: Era>(_ era: E.Type, _ request: HazardsRequest) async -> Int32 {
    let hazards = E.hazards
    guard let name = request.name else {
      Console.out(list(E.self))
      return ExitCode.done
    }
    let chosen = name == "all" ? hazards : hazards.filter { $0.name == name }
    guard !chosen.isEmpty else {
      let names = (hazards.map(\.name) + ["all"]).joined(separator: ", ")
      Console.error("\(E.executable): no hazard '\(Text.escaped(name))' here: \(names)")
      return ExitCode.usageError
    }
    let bound = Duration.milliseconds(request.watchdogMilliseconds)
    if let index = request.caseIndex {
      guard chosen.count == 1, chosen[0].cases.indices.contains(index) else {
        Console.error("\(E.executable): hazards \(name) has no case \(index)")
        return ExitCode.usageError
      }
      let item = chosen[0].cases[index]
      return await child(item, bound: bound + item.leg * 2)
    }
    guard let executable = Bundle.main.executableURL else {
      Console.error("\(E.executable): cannot find my own executable to run the cases")
      return ExitCode.runtimeError
    }
    Console.out(
      "\(E.executable) hazards: each case runs in a process of its own; a watchdog stops one"
        + " that makes no progress for \(RunReport.seconds(bound.seconds))"
        + " (--watchdog-ms \(request.watchdogMilliseconds); a case with legs adds two).")
    var summary: [(Hazard, [Ended])] = []
    var missed: [String] = []
    for hazard in chosen {
      var ended: [Ended] = []
      for (index, item) in hazard.cases.enumerated() {
        // In a terminal, say what runs while it runs: a case may take the bound.
        if isatty(2) == 1 { Console.error("  running \(hazard.name): \(item.label) …") }
        let end = await spawn(
          executable,
          [
            "hazards", hazard.name, "--case", "\(index)", "--watchdog-ms",
            "\(request.watchdogMilliseconds)",
          ],
          limit: bound + item.leg * 2 + .seconds(5))
        ended.append(end)
        if !end.showed(item.expect) {
          missed.append(
            "hazards \(hazard.name): '\(item.label)' \(end.outcome)"
              + " where it should have \(expected(item.expect))")
        }
      }
      Console.out("\n" + table(hazard, ended, executable: E.executable))
      summary.append((hazard, ended))
    }
    if name == "all" { Console.out("\n" + summaryTable(E.executable, summary)) }
    for line in missed { Console.error("\(E.executable): \(line)") }
    return missed.isEmpty ? ExitCode.done : ExitCode.runtimeError
  }

  /// `hazards` alone: the list, and how to run one.
  static func list<E: Era>(_ era: E.Type) -> String {
    let hazards = E.hazards
    let width = (hazards.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "\(E.executable): \(E.summary)",
      hazards.count == 1
        ? "Its own way to stop making progress, shown, then fixed:"
        : "Its own ways to stop making progress, each shown, then fixed:",
    ]
    for hazard in hazards {
      lines.append(
        "  " + hazard.name.padding(toLength: width, withPad: " ", startingAt: 0) + hazard.what)
    }
    lines.append(
      "Run one, broken then fixed: add its name (hazards \(hazards.first?.name ?? "NAME"));"
        + " every one: hazards all")
    return lines.joined(separator: "\n")
  }

  private static func expected(_ expect: HazardCase.Expect) -> String {
    switch expect {
    case .noProgress: "stopped making progress"
    case .signal(let signal): "been killed by \(signalName(signal))"
    case .finish: "finished"
    }
  }

  // MARK: - The child: one case, watched

  /// Runs one case and ends the process with one JSON line on standard
  /// output: from the case when it finishes, or from the watchdog.
  private static func child(_ item: HazardCase, bound: Duration) async -> Int32 {
    // A case that kills its process leaves no core file behind.
    var none = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(coreLimit, &none)
    let watch = HazardWatch()
    let clock = ContinuousClock()
    let start = clock.now
    let once = Locked(false)
    let end: @Sendable ([String: Any]) -> Void = { object in
      let first = once.withLock { ended -> Bool in
        defer { ended = true }
        return !ended
      }
      guard first else { return }
      var object = object
      object["seconds"] = start.duration(to: clock.now).seconds
      let data =
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      Console.out(String(decoding: data, as: UTF8.self))
      // What waits is left behind: no exit handler may wait for it.
      _exit(0)
    }
    // The watchdog: a thread of its own, which no case can starve.
    let watchdog = Thread {
      let tick = min(Duration.milliseconds(50), bound / 4)
      var seen = watch.value
      var since = clock.now
      while true {
        Thread.sleep(forTimeInterval: tick.seconds)
        let now = watch.value
        if now != seen {
          (seen, since) = (now, clock.now)
        } else if since.duration(to: clock.now) >= bound {
          end([
            "outcome": "no progress", "stuck_at": start.duration(to: since).seconds,
            "steps": now, "waiting": watch.waitingLines,
          ])
        }
      }
    }
    watchdog.start()
    let finished: @Sendable (HazardFinish) -> Void = { finish in
      end([
        "outcome": "finished", "detail": finish.detail, "showed": finish.showed,
        "steps": watch.value,
      ])
    }
    switch item.body {
    case .blocking(let body):
      Thread { finished(body(watch)) }.start()
    case .async(let body):
      Task.detached { finished(await body(watch)) }
    }
    // The process ends in `end`; this task waits for nothing it can see.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      parked.withLock { $0.append(continuation) }
    }
    return ExitCode.runtimeError
  }

  /// Kept, never resumed: the child's main task waits here until `_exit`.
  private static let parked = Locked<[CheckedContinuation<Void, Never>]>([])

  // MARK: - The parent: a child per case

  /// How a child ended, and what it said.
  struct Ended {
    var outcome: String
    var seconds: Double
    var stuckAt: Double?
    var lines: [String]
    var signal: Int32?
    var noProgress = false
    var finished = false
    var showedWhenFinished = false

    func showed(_ expect: HazardCase.Expect) -> Bool {
      switch expect {
      case .noProgress: noProgress
      case .signal(let wanted): signal == wanted
      case .finish: finished && showedWhenFinished
      }
    }
  }

  /// Runs the executable with `arguments` on a thread of its own (the wait
  /// blocks), kills it after `limit`, and reads what it said.
  private static func spawn(_ executable: URL, _ arguments: [String], limit: Duration) async
    -> Ended
  {
    await withCheckedContinuation { (continuation: CheckedContinuation<Ended, Never>) in
      Thread {
        continuation.resume(returning: spawnAndWait(executable, arguments, limit: limit))
      }.start()
    }
  }

  private static func spawnAndWait(_ executable: URL, _ arguments: [String], limit: Duration)
    -> Ended
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    // The child ends with this process, as an era ends with its runner.
    // Swift's backtracer is off: a case that kills its process shows the
    // signal and what the runtime or a library said, not a backtrace.
    process.environment = ProcessInfo.processInfo.environment.merging(
      [Runner.variable: "\(getpid())", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let clock = ContinuousClock()
    let start = clock.now
    do {
      try process.run()
    } catch {
      return Ended(outcome: "could not start: \(error)", seconds: 0, lines: [])
    }
    let pid = process.processIdentifier
    let killed = Locked(false)
    let killer = DispatchWorkItem {
      killed.withLock { $0 = true }
      kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit.seconds, execute: killer)
    let errorText = Locked(Data())
    let reading = DispatchGroup()
    reading.enter()
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorText.withLock { $0 = data }
      reading.leave()
    }.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    process.waitUntilExit()
    killer.cancel()
    let seconds = start.duration(to: clock.now).seconds
    let said = collapsed(
      String(decoding: errorText.withLock { $0 }, as: UTF8.self)
        .split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    if process.terminationReason == .uncaughtSignal {
      let signal = process.terminationStatus
      let outcome =
        killed.withLock { $0 }
        ? "killed by hazards' own limit after \(RunReport.seconds(seconds))"
        : "killed by \(signalName(signal))"
      return Ended(outcome: outcome, seconds: seconds, lines: said, signal: signal)
    }
    let line = String(decoding: out, as: UTF8.self).split(separator: "\n").last.map(String.init)
    guard let line, let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
      let fields = object as? [String: Any]
    else {
      return Ended(
        outcome: "ended with status \(process.terminationStatus) and no report", seconds: seconds,
        lines: said)
    }
    let childSeconds = fields["seconds"] as? Double ?? seconds
    if fields["outcome"] as? String == "no progress" {
      let waiting = fields["waiting"] as? [String] ?? []
      return Ended(
        outcome: "no progress", seconds: childSeconds, stuckAt: fields["stuck_at"] as? Double,
        lines: (waiting.isEmpty ? ["nothing said where it waits"] : waiting) + said,
        noProgress: true)
    }
    return Ended(
      outcome: "finished", seconds: childSeconds,
      lines: [fields["detail"] as? String ?? ""] + said, finished: true,
      showedWhenFinished: fields["showed"] as? Bool ?? false)
  }

  /// A line said many times in a row is shown once, with how many times.
  static func collapsed(_ lines: [String]) -> [String] {
    var out: [(String, Int)] = []
    for line in lines {
      if let last = out.last, last.0 == line {
        out[out.count - 1].1 += 1
      } else {
        out.append((line, 1))
      }
    }
    return out.map { $0.1 == 1 ? $0.0 : "\($0.0) (\($0.1) times)" }
  }

  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGILL: "SIGILL (illegal instruction)"
    case SIGTRAP: "SIGTRAP (trace trap)"
    case SIGABRT: "SIGABRT (abort)"
    case SIGSEGV: "SIGSEGV (segmentation fault)"
    case SIGKILL: "SIGKILL"
    default: "signal \(signal)"
    }
  }

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

  private static func describe(_ end: Ended) -> String {
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

#if canImport(Glibc)
  private let coreLimit = __rlimit_resource_t(RLIMIT_CORE.rawValue)
#else
  private let coreLimit = RLIMIT_CORE
#endif
