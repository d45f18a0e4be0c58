/// `bikes-<era> replay`: the README's two riders and one empty slot, played
/// through a scripted gate so every era prints the same steps every time.
public enum Replay {
  /// The station of the story: plenty of bikes, a single empty slot.
  public static let station = StationRecord(
    id: "replay", name: "Rossio", freeBikes: 5, emptySlots: 1)

  public static let riderNames = ["A", "B"]

  /// The order in which the gate lets riders go.
  /// Racy: A checks, B checks, B acts, A acts (the README's steps 1 to 6).
  /// Safe: check and act are one step, so only the arrivals can be ordered.
  public static func schedule(for mode: Mode) -> [ScriptedGate.Step] {
    mode.isFix
      ? [.init(0, .arrive), .init(1, .arrive)]
      : [.init(0, .arrive), .init(1, .arrive), .init(1, .raceWindow), .init(0, .raceWindow)]
  }

  public struct Outcome: Sendable {
    public let mode: Mode
    public let steps: [String]
    public let end: StationCounts
    public let lowest: StationCounts
    public let violations: [Violation]
    /// Set if the era's riders did not follow the script (a bug in the era).
    public let failure: String?
  }

  /// - Parameter configuration: for an era's own options (`--lock`); replay itself takes none.
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, configuration: Configuration = Configuration()
  ) async -> Outcome {
    let gate = ScriptedGate(riders: [0, 1], schedule: schedule(for: mode))
    let log = EventLog(.memory, riderName: { riderNames[$0] })
    let audit = StationAudit(station)
    let stage = ReplayStage(
      mode: mode, station: station, audit: audit, riders: [0, 1], probe: .scripted(gate),
      blockingProbe: .scripted(gate), log: log, configuration: configuration)
    let end = await era.replay(stage)
    var failure = gate.failure
    if failure == nil, gate.stepsPlayed < schedule(for: mode).count {
      failure =
        "only \(gate.stepsPlayed) of \(schedule(for: mode).count) scripted steps were played"
    }
    return Outcome(
      mode: mode, steps: log.recorded, end: end, lowest: audit.lowest,
      violations: audit.violations, failure: failure)
  }

  public static func text(_ outcome: Outcome, executable: String) -> String {
    let s = station
    var lines = [
      "\(executable) replay --mode \(outcome.mode.rawValue)",
      "\(s.name) has \(s.freeBikes) free bikes and \(s.emptySlots) empty slot; riders A and B arrive by bike.",
    ]
    let own = EraInfo.all.first { $0.executable == executable }?.ownModes
      .first { $0.mode == outcome.mode }
    lines.append(
      own?.script
        ?? (outcome.mode.isFix
          ? "Script: A goes first, then B; each check-and-leave is one step."
          : "Script: A checks, B checks, B leaves, A leaves (the probe holds each rider)."))
    for (number, step) in outcome.steps.enumerated() { lines.append("  \(number + 1). \(step)") }
    let end = outcome.end
    if let failure = outcome.failure {
      lines.append("Replay failed: \(failure)")
    } else if outcome.violations.isEmpty {
      lines.append(
        "Result: \(end); empty slots never went below \(outcome.lowest.emptySlots). The fix holds.")
    } else {
      lines.append(
        "Result: \(end). Both riders checked before either acted: "
          + outcome.violations.map(\.description).joined(separator: ", ") + ".")
    }
    return lines.joined(separator: "\n")
  }
}
