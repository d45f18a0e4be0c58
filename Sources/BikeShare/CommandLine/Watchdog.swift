import Foundation

/// The watchdog of a run (`--watchdog-ms`): while work remains, it watches
/// the riders' finished visits; when none has finished for the bound, it
/// ends the wait for the run. A rider that waits for ever cannot be told to
/// stop, so the run is left behind and the process exits with 4.
enum Watchdog {
  /// How long without a finished visit counts as no progress: the bound,
  /// plus two legs (a rider in its leg is making progress), or nil if off.
  static func bound(_ configuration: Configuration) -> Duration? {
    guard configuration.watchdogMilliseconds > 0 else { return nil }
    return .milliseconds(configuration.watchdogMilliseconds + 2 * configuration.legMilliseconds)
  }

  /// The run's outcome, or nil if the watchdog saw no progress first.
  static func outcome(
    of run: Task<RunOutcome, Never>, visits: VisitCounter, bound: Duration?
  ) async -> RunOutcome? {
    guard let bound else { return await run.value }
    return await withCheckedContinuation {
      (continuation: CheckedContinuation<RunOutcome?, Never>) in
      let once = Locked<CheckedContinuation<RunOutcome?, Never>?>(continuation)
      Task {
        let outcome = await run.value
        once.withLock { $0.take() }?.resume(returning: outcome)
      }
      Task {
        let clock = ContinuousClock()
        let tick = min(Duration.milliseconds(100), bound / 4)
        var seen = visits.value
        var since = clock.now
        while once.withLock({ $0 != nil }) {
          try? await Task.sleep(for: tick)
          let now = visits.value
          if now != seen {
            (seen, since) = (now, clock.now)
          } else if since.duration(to: clock.now) >= bound {
            once.withLock { $0.take() }?.resume(returning: nil)
            return
          }
        }
      }
    }
  }

  /// What the watchdog saw, for people.
  static func text(_ simulation: Simulation, bound: Duration) -> String {
    let configuration = simulation.configuration
    var lines = [
      "→ NO PROGRESS (\(simulation.mode)): no rider finished a visit for"
        + " \(RunReport.seconds(bound.seconds)) (--watchdog-ms \(configuration.watchdogMilliseconds)"
        + " plus two legs); \(simulation.visits.value) visits had finished.",
      "  The run is stopped, and its waiting riders are left behind: exit 4.",
    ]
    let violations = simulation.audits.flatMap(\.violations)
    lines.append(
      violations.isEmpty
        ? "  violations so far: none"
        : "  violations so far: " + violations.map(\.description).joined(separator: "; "))
    return lines.joined(separator: "\n")
  }

  /// The same, as one JSON line.
  static func json(_ simulation: Simulation, era: String, bound: Duration) -> String {
    let object: [String: Any] = [
      "era": era, "mode": simulation.mode.rawValue, "no_progress": true,
      "watchdog_ms": simulation.configuration.watchdogMilliseconds,
      "bound_seconds": bound.seconds, "visits": simulation.visits.value,
      "violations": simulation.audits.flatMap(\.violations).map(\.description),
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
