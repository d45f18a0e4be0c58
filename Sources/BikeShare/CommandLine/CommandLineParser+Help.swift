/// `--help`, the same for every era, made from the era's own options.
extension CommandLineParser {
  /// `--help`, made from the era's options.
  public static func help(for era: EraInfo, summary: String) -> String {
    let executable = era.executable
    let width = executable.count + 18
    func usage(_ words: String, _ what: String) -> String {
      "  " + (executable + " " + words).padding(toLength: width, withPad: " ", startingAt: 0)
        + "  " + what
    }
    return """
      \(executable): era \(era.number) of \(EraInfo.all.count), \(summary)

      USAGE
      \(usage("[run] [options]", "simulate (the default)"))
      \(StageCommand.allCases.map { usage("\($0.rawValue) [stage]", $0.usage) }.joined(separator: "\n"))
      \(usage("hazards [NAME]", "its own ways to hang, each shown, then fixed (or: all)"))
      \(usage("starts", "which of two jobs sent in turn starts first (--pairs N)"))

      OPTIONS
      \(optionLines(for: era).joined(separator: "\n"))

      STAGE OPTIONS for replay, explore, stress and play (and --mode\(stageOwnOptions(era))):
      a story of a few riders (or vans), each step chosen or explored
      \((StageOption.all + era.ownStageOptions).flatMap(\.helpLines).joined(separator: "\n"))

      EXIT CODES
        0 done (a racy run that shows the race is a success)   1 city could not be loaded
        2 usage error   3 violations with --fail-on-violation   4 no progress (watchdog;
        stress: a run never ended)   130 stopped with Ctrl-C   hazards: 0 every case showed
        its point, 1 one did not   starts: 1 an order its way promises was seen broken
      """
  }

  private static func stageOwnOptions(_ era: EraInfo) -> String {
    era.ownOptions.filter(\.inStages).map { ", " + $0.name }.joined()
  }

  /// The OPTIONS section of `--help`.
  public static func optionLines(for era: EraInfo) -> [String] {
    era.options.flatMap(\.helpLines) + ["  --help, --version"]
  }
}
