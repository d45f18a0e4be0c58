import Testing

@testable import BikeShare

/// What `explore` prints under its table when runs left the script: the
/// counts line says so, so that "0 forbidden" is not read on its own
/// (a learner's rehearsal of chapter 10's exercise 4).
@Suite struct ExplorerTextTests {
  static func exploration(failures: [String]) -> Explorer.Exploration {
    var options = StageOptions()
    options.story = .order
    options.riders = 3
    return Explorer.Exploration(
      mode: .safe, options: options, outcomes: [], schedules: 5, seconds: 0.5, unsteady: [],
      failures: failures, runs: [])
  }

  @Test func aRunThatLeftTheScriptIsCountedOnTheCountsLine() {
    let text = Explorer.text(
      Self.exploration(failures: ["A:ask B:ask A:take B:take: B's request reached Rossio first"]),
      executable: "bikes-operations")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "explored 5 schedules in 0.50 s: 0 forbidden, and 1 left the script (below): the counts"
          + " do not hold"), "\(text)")
    #expect(
      lines.last
        == "RIDERS LEFT THE SCRIPT: A:ask B:ask A:take B:take: B's request reached Rossio first")
  }

  /// Past three, the lines below are the first three, and the counts line
  /// says so (rehearsal 7, 10-P2: "4 left the script (below)" over three).
  @Test func moreThanThreeRunsThatLeftTheScriptSayOnlyThreeAreListed() {
    let failures = (1...4).map { "run \($0)" }
    let text = Explorer.text(Self.exploration(failures: failures), executable: "bikes-operations")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "explored 5 schedules in 0.50 s: 0 forbidden, and 4 left the script (the first 3 below):"
          + " the counts do not hold"), "\(text)")
    #expect(lines.filter { $0.hasPrefix("RIDERS LEFT THE SCRIPT: ") }.count == 3)
  }

  @Test func withoutFailuresTheCountsLineIsPlain() {
    let text = Explorer.text(Self.exploration(failures: []), executable: "bikes-operations")
    #expect(text.hasSuffix("explored 5 schedules in 0.50 s: 0 forbidden"), "\(text)")
  }
}
