import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hazards`' parent: a child process per case, watched and read back.
extension HazardsCommand {
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
  static func spawn(_ executable: URL, _ arguments: [String], limit: Duration) async
    -> Ended
  {
    await withCheckedContinuation { (continuation: CheckedContinuation<Ended, Never>) in
      Thread {
        continuation.resume(returning: spawnAndWait(executable, arguments, limit: limit))
      }.start()
    }
  }

  static func spawnAndWait(_ executable: URL, _ arguments: [String], limit: Duration)
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
}
