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
      Console.text(list(E.self))
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
    Console.text(
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
      Console.text("\n" + table(hazard, ended, executable: E.executable))
      summary.append((hazard, ended))
    }
    // Not fitted: Scripts/liveness.sh reads its rows, one a hazard.
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

  static func expected(_ expect: HazardCase.Expect) -> String {
    switch expect {
    case .noProgress: "stopped making progress"
    case .signal(let signal): "been killed by \(signalName(signal))"
    case .finish: "finished"
    }
  }

  // MARK: - The child: one case, watched

  /// Runs one case and ends the process with one JSON line on standard
  /// output: from the case when it finishes, or from the watchdog.
  static func child(_ item: HazardCase, bound: Duration) async -> Int32 {
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
  static let parked = Locked<[CheckedContinuation<Void, Never>]>([])

}

#if canImport(Glibc)
  private let coreLimit = __rlimit_resource_t(RLIMIT_CORE.rawValue)
#else
  private let coreLimit = RLIMIT_CORE
#endif
