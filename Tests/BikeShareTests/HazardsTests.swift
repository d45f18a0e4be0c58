import Testing

@testable import BikeShare

/// The pieces of `hazards` that need no child process: what a case tells
/// its watchdog, how the parent judges an ending, and the tables.
@Suite struct HazardsTests {
  @Test func theWatchCountsStepsAndKeepsOneLinePerWaiter() {
    let watch = HazardWatch()
    watch.progress()
    watch.progress()
    watch.waiting("b", "B waits for the turn")
    watch.waiting("a", "A waits for B")
    watch.waiting("b", "B waits for C")
    #expect(watch.value == 2)
    #expect(watch.waitingLines == ["A waits for B", "B waits for C"])
    watch.waiting("a", nil)
    watch.watch(progress: { 5 }, waiting: { ["van 1 holds Rossio"] })
    #expect(watch.value == 7)
    #expect(watch.waitingLines == ["B waits for C", "van 1 holds Rossio"])
  }

  @Test func anEndingShowsOnlyWhatItsCaseExpects() {
    let stuck = HazardsCommand.Ended(
      outcome: "no progress", seconds: 1, lines: [], noProgress: true)
    let killed = HazardsCommand.Ended(outcome: "killed", seconds: 0, lines: [], signal: 4)
    let finished = HazardsCommand.Ended(
      outcome: "finished", seconds: 0, lines: [], finished: true, showedWhenFinished: true)
    let finishedWrongly = HazardsCommand.Ended(
      outcome: "finished", seconds: 0, lines: [], finished: true, showedWhenFinished: false)
    #expect(stuck.showed(.noProgress) && !stuck.showed(.finish))
    #expect(killed.showed(.signal(4)) && !killed.showed(.signal(6)) && !killed.showed(.noProgress))
    #expect(finished.showed(.finish) && !finished.showed(.noProgress))
    #expect(!finishedWrongly.showed(.finish))
  }

  @Test func aLineSaidManyTimesIsShownOnce() {
    #expect(
      HazardsCommand.collapsed(["leaked", "leaked", "leaked", "other", "leaked"])
        == ["leaked (3 times)", "other", "leaked"])
  }

  @Test func countsAreGroupedByThousands() {
    #expect(
      [0, 999, 1_000, 12_345, 1_000_000, -4_500].map(\.grouped) == [
        "0", "999", "1,000", "12,345", "1,000,000", "-4,500",
      ])
  }
}
