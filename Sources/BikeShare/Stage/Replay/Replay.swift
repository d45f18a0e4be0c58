/// `bikes-<era> replay`: one schedule on the stage, step by step; by default
/// the README's story, so every era prints the same steps every time.
public enum Replay {
  public typealias Outcome = StageRun

  /// The README's story in `mode`: two riders, one empty slot.
  /// - Parameter configuration: for an era's own options (`--lock`, `--fix`).
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, configuration: Configuration = Configuration()
  ) async -> Outcome {
    var options = StageOptions()
    options.configuration = configuration
    return await play(E.self, mode: mode, options: options)
  }

  /// The schedule of `options` (or the story's own), played to the end.
  /// - Parameter echo: told each step as it happens.
  public static func play<E: Era>(
    _ era: E.Type, mode: Mode, options: StageOptions, echo: (@Sendable (String) -> Void)? = nil,
    stallAfter: Duration = .seconds(10)
  ) async -> Outcome {
    let given = options.schedule
    let script = options.story.plot.script(mode, riders: options.riders)
    return await Stage.play(
      E.self, mode: mode, options: options, schedule: given ?? script.schedule,
      continues: given != nil || script.continues, echo: echo, stallAfter: stallAfter)
  }

  /// - Parameter configuration: the era's own options, which the command repeats.
  public static func text(
    _ outcome: Outcome, executable: String, scheduled: Bool = false,
    configuration: Configuration = Configuration()
  ) -> String {
    let steps = outcome.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    return
      (header(
        mode: outcome.mode, story: outcome.story, riders: outcome.riders, executable: executable,
        schedule: scheduled ? outcome.schedule : nil, configuration: configuration) + steps
      + footer(outcome, scheduled: false))
      .joined(separator: "\n")
  }

  /// The lines before the steps: the command (with the era's own options
  /// that are not at their default), the setting, the script.
  public static func header(
    mode: Mode, story: Story, riders: Int, executable: String, schedule: Schedule?,
    configuration: Configuration = Configuration()
  ) -> [String] {
    let era = EraInfo.all.first { $0.executable == executable }
    var command = "\(executable) replay --mode \(mode.rawValue)"
    if story != .default { command += " --story \(story.rawValue)" }
    if riders != 2 { command += " --riders \(riders)" }
    command += era?.flags(configuration) ?? ""
    var lines = [command, story.setting(riders: riders)]
    let own = era?.ownModes.first { $0.mode == mode }
    if let schedule {
      lines.append("Schedule: \(schedule)")
    } else {
      lines.append(story.plot.scriptLine(mode, riders: riders, own: own))
    }
    return lines
  }

  /// The lines after the steps: the result (and, for a schedule given in
  /// part, the whole schedule that was played).
  public static func footer(_ outcome: Outcome, scheduled: Bool) -> [String] {
    var lines: [String] = []
    if scheduled { lines.append("Played: \(outcome.schedule)") }
    return lines + outcome.story.plot.footer(outcome)
  }
}
