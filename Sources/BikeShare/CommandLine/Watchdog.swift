import Foundation

/// The watchdog of a run (`--watchdog-ms`): while work remains, it watches
/// the riders' finished visits and the vans' finished transfers; when none
/// has finished for the bound, it ends the wait for the run and says what
/// waits for what (`Whereabouts`). A rider or a van that waits for ever
/// cannot be told to stop, so the run is left behind and the process exits
/// with 4.
public enum Watchdog {
  /// How long without a finished visit counts as no progress: the bound,
  /// plus two legs (a rider in its leg is making progress), or nil if off.
  static func bound(_ configuration: Configuration) -> Duration? {
    guard configuration.watchdogMilliseconds > 0 else { return nil }
    return .milliseconds(configuration.watchdogMilliseconds + 2 * configuration.legMilliseconds)
  }

  /// How a watched run ended.
  public enum Ending: Sendable {
    case finished(RunOutcome)
    /// No progress: the last was seen `stuckAt` into the run, and the
    /// watchdog gave up `firedAt` into it.
    case noProgress(stuckAt: Duration, firedAt: Duration)
  }

  /// The run's outcome, or what the watchdog saw if no progress came first.
  public static func outcome(
    of run: Task<RunOutcome, Never>, visits: Whereabouts, bound: Duration?
  ) async -> Ending {
    guard let bound else { return .finished(await run.value) }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
      let once = Locked<CheckedContinuation<Ending, Never>?>(continuation)
      Task {
        let outcome = await run.value
        once.withLock { $0.take() }?.resume(returning: .finished(outcome))
      }
      Task {
        let clock = ContinuousClock()
        let start = clock.now
        let tick = min(Duration.milliseconds(100), bound / 4)
        var seen = visits.value
        var since = clock.now
        while once.withLock({ $0 != nil }) {
          try? await Task.sleep(for: tick)
          let now = visits.value
          if now != seen {
            (seen, since) = (now, clock.now)
          } else if since.duration(to: clock.now) >= bound {
            let ending = Ending.noProgress(
              stuckAt: start.duration(to: since), firedAt: start.duration(to: clock.now))
            once.withLock { $0.take() }?.resume(returning: ending)
            return
          }
        }
      }
    }
  }

  /// What the watchdog saw, for people.
  static func text(
    _ simulation: Simulation, bound: Duration, stuckAt: Duration, firedAt: Duration
  ) -> String {
    let configuration = simulation.configuration
    let what =
      configuration.vans > 0
      ? "no rider finished a visit, no van a transfer," : "no rider finished a visit"
    var lines = [
      "→ NO PROGRESS (\(simulation.mode)): \(what) for"
        + " \(RunReport.seconds(bound.seconds)) (--watchdog-ms \(configuration.watchdogMilliseconds)"
        + " plus two legs); \(simulation.whereabouts.value) had finished.",
      (simulation.whereabouts.value == 0
        ? "  Nothing ever finished"
        : "  Last progress \(RunReport.seconds(stuckAt.seconds)) into the run")
        + "\(lastTransfer(simulation)); stopped at \(RunReport.seconds(firedAt.seconds)),"
        + " and what waits is left behind: exit 4.",
    ]
    lines += waiting(simulation).map { "  " + $0 }
    let violations = simulation.audits.flatMap(\.violations)
    lines.append(
      violations.isEmpty
        ? "  violations so far: none"
        : "  violations so far: " + violations.map(\.description).joined(separator: "; "))
    return lines.joined(separator: "\n")
  }

  /// When the vans' last transfer ended, if any van is in the run.
  private static func lastTransfer(_ simulation: Simulation) -> String {
    guard simulation.configuration.vans > 0 else { return "" }
    guard let at = simulation.whereabouts.lastTransferAt else {
      return " (no van finished a transfer)"
    }
    return " (the vans' last transfer: \(RunReport.seconds(at.seconds)))"
  }

  /// What waits for what: the vans' cycle, other vans, riders by station.
  static func waiting(_ simulation: Simulation) -> [String] {
    let lines = simulation.whereabouts.waiting(stationNames: simulation.stations.map(\.name))
    return lines.isEmpty ? ["nothing is at a station: what waits, waits elsewhere"] : lines
  }

  /// The same, as one JSON line.
  static func json(
    _ simulation: Simulation, era: String, bound: Duration, stuckAt: Duration, firedAt: Duration
  ) -> String {
    let cycle = simulation.whereabouts.cycle() ?? []
    let names = simulation.stations.map(\.name)
    let object: [String: Any] = [
      "era": era, "mode": simulation.mode.rawValue, "no_progress": true,
      "watchdog_ms": simulation.configuration.watchdogMilliseconds,
      "bound_seconds": bound.seconds, "finished": simulation.whereabouts.value,
      "stuck_at_seconds": stuckAt.seconds, "stopped_at_seconds": firedAt.seconds,
      "last_transfer_seconds": simulation.whereabouts.lastTransferAt?.seconds ?? 0,
      "waiting": waiting(simulation),
      "cycle": cycle.map {
        ["van": $0.van + 1, "holds": names[$0.holds], "waits_for": names[$0.waitsFor]]
          as [String: Any]
      },
      "violations": simulation.audits.flatMap(\.violations).map(\.description),
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
