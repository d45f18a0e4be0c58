import Testing

@testable import BikeShare

/// What a room reads: a long line breaks at 100 columns; a command to copy
/// breaks with a backslash, and a banner that names its executable does not
/// (rehearsal 8, 03-P2: `bikes-dispatch: …` broke with a literal backslash).
@Suite struct TextFittedTests {
  @Test func aCommandBreaksWithABackslashOutsideItsQuotes() {
    let command =
      "bikes-callbacks replay --mode racy --story slot --riders 2 --schedule"
      + " 'A:arrive B:arrive B:window A:window'"
    #expect(
      Text.fitted(command)
        == "bikes-callbacks replay --mode racy --story slot --riders 2 --schedule \\\n"
        + "  'A:arrive B:arrive B:window A:window'")
  }

  @Test func aBannerThatNamesItsExecutableIsASentence() {
    for banner in [
      "bikes-dispatch on Lisboa sample network: threads, DispatchQueues and locks (NSLock, Mutex,"
        + " queues, atomics)",
      "bikes-dispatch: --riders: expected a whole number from 1 to 1000000, got 'many riders at"
        + " once, please'",
      // A hazard's heading (rehearsal of chapter 11: "wait in \\").
      "bikes-actors hazards resumed-twice: A and B wait in Rossio's line; A is called off; the van"
        + " docks a bike",
    ] {
      let lines = Text.fitted(banner).split(separator: "\n")
      #expect(lines.count == 2)
      #expect(lines.allSatisfy { !$0.hasSuffix("\\") && $0.count <= Text.roomWidth })
    }
  }
}
