import Foundation

public enum Stage {
  enum Ending: Sendable {
    case finished([StationCounts])
    case stalled(String)
  }

  /// Runs `body`, unless the gate sees no progress for `after`: then says
  /// where everyone is, and leaves the stuck riders behind.
  static func finishOrStall(
    gate: ScriptedGate, after: Duration,
    _ body: @escaping @Sendable () async -> [StationCounts]
  ) async -> Ending {
    await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
      let once = Once(continuation)
      let run = Task { once.answer(.finished(await body())) }
      Task {
        let clock = ContinuousClock()
        var seen = gate.progress
        var since = clock.now
        while !once.isAnswered {
          try? await Task.sleep(for: .milliseconds(50))
          let now = gate.progress
          if now != seen {
            (seen, since) = (now, clock.now)
          } else if since.duration(to: clock.now) > after {
            once.answer(.stalled(gate.whereEveryoneIs))
            return
          }
        }
        _ = run
      }
    }
  }

  private final class Muted: Sendable {
    private let on = Locked(false)
    var isOn: Bool { on.withLock { $0 } }
    func turnOn() { on.withLock { $0 = true } }
  }

  /// Resumes a continuation once, whoever answers first.
  private final class Once: Sendable {
    private let state: Locked<CheckedContinuation<Ending, Never>?>
    init(_ continuation: CheckedContinuation<Ending, Never>) { state = Locked(continuation) }
    var isAnswered: Bool { state.withLock { $0 == nil } }
    func answer(_ ending: Ending) {
      state.withLock { $0.take() }?.resume(returning: ending)
    }
  }

  /// Plays the stage once: the riders pass their probe points in the order
  /// of `schedule`, then (if `continues`) without a switch to the end. On a
  /// stage where vans hold stations the gate knows who holds which, so that
  /// no van ever waits for real: a schedule where none can go on ends as a
  /// deadlock, one that comes back to where it was as a livelock.
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, schedule: Schedule, continues: Bool,
    echo: (@Sendable (String) -> Void)? = nil, stallAfter: Duration = .seconds(10)
  ) async -> StageRun {
    let plot = options.story.plot
    let riders = options.riderIndices
    // Once a run has stalled, or the gate has refused a step (a schedule
    // that cannot be played), what its riders do unscripted is not shown.
    let muted = Muted()
    let refused = Locked<ScriptedGate?>(nil)
    var shown: (@Sendable (String) -> Void)?
    if let echo {
      shown = { line in
        if !muted.isOn, refused.withLock({ $0 })?.failure == nil { echo(line) }
      }
    }
    let log = EventLog(.memory, riderName: Schedule.name, echo: shown)
    let records = plot.stations
    let gate = ScriptedGate(
      riders: Set(riders), schedule: schedule.steps, continues: continues,
      holding: plot.holding(mode, era: E.info), stations: records.map(\.name),
      mark: { log.events.count })
    refused.withLock { $0 = gate }
    let audits = records.map(StationAudit.init)
    let cast = StageCast(
      mode: mode, riders: riders, stations: records, audits: audits, probe: .scripted(gate),
      blockingProbe: .scripted(gate), log: log, configuration: options.configuration)
    var failure: String?
    var ends = records.map(\.counts)
    switch await finishOrStall(gate: gate, after: stallAfter, { await plot.play(E.self, cast) }) {
    case .finished(let counts): ends = counts
    case .stalled(let why):
      muted.turnOn()
      gate.openForEveryone()
      failure = "stalled: no step for \(Int(stallAfter.seconds)) s; \(why)"
    }
    let finished = failure == nil
    if failure == nil { failure = gate.failure }
    if failure == nil, gate.stuck == nil, gate.stepsPlayed < schedule.steps.count {
      failure = "only \(gate.stepsPlayed) of \(schedule.steps.count) scripted steps were played"
    }
    return StageRun(
      mode: mode, story: options.story, riders: options.riders, steps: log.recorded,
      events: log.events, trace: gate.trace,
      result: plot.result(
        ends: ends, audits: audits, events: log.events, stuck: gate.stuck, finished: finished),
      violations: audits.flatMap(\.violations), failure: failure)
  }
}
