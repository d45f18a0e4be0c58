import BikeShare
import TestSupport
import Testing

/// The transfer stage (`--story transfer`) in every era: the
/// explorer's counts against an independent model (`TransferModel`), the
/// deadlock and livelock outcomes, and their replays.
@Suite(.timeLimit(.minutes(3))) struct TransferContractTests {
  static let eras = Eras.all

  static func options(vans: Int) -> StageOptions { .story(.transfer, riders: vans) }

  /// Every mode of the era, 2 and 3 vans: the model's counts, exactly.
  @Test(.timeLimit(.minutes(1)), arguments: eras, [2, 3])
  func everyModeIsCountedAsTheModelCountsIt(era: EraUnderTest, vans: Int) async {
    for mode in era.info.transferModes {
      let exploration = await Explorer.explore(
        era.era, mode: mode, options: Self.options(vans: vans))
      let counted = TransferModel.Counts(
        schedules: exploration.schedules, forbidden: exploration.forbidden,
        deadlocked: exploration.deadlocked, livelocked: exploration.livelocked)
      let model = TransferModel.explore(mode, vans: vans, holdsStations: era.info.holdsStations)
      #expect(counted == model, "\(mode), \(vans) vans: the model counts \(model)")
      #expect(exploration.failures.isEmpty, "\(mode): \(exploration.failures)")
      #expect(exploration.unsteady.isEmpty, "\(mode): \(exploration.unsteady)")
    }
  }

  /// Four vans, in the two eras that explore fastest: the model again.
  @Test(
    .timeLimit(.minutes(1)), arguments: eras.filter { ["dispatch", "actors"].contains($0.name) })
  func fourVansAreCountedAsTheModelCountsThem(era: EraUnderTest) async {
    for mode in era.info.transferModes {
      let exploration = await Explorer.explore(era.era, mode: mode, options: Self.options(vans: 4))
      let counted = TransferModel.Counts(
        schedules: exploration.schedules, forbidden: exploration.forbidden,
        deadlocked: exploration.deadlocked, livelocked: exploration.livelocked)
      let model = TransferModel.explore(mode, vans: 4, holdsStations: era.info.holdsStations)
      #expect(counted == model, "\(mode), 4 vans: the model counts \(model)")
    }
  }

  /// What the chapter says, as counts: nested deadlocks only where a
  /// station can be held, the safe fix neither breaks nor sticks, back-off
  /// never deadlocks but can go round for ever, and three racy vans break
  /// a counter.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func theLessonsHoldAsCounts(era: EraUnderTest) async {
    func explore(_ mode: Mode, _ vans: Int) async -> Explorer.Exploration {
      await Explorer.explore(era.era, mode: mode, options: Self.options(vans: vans))
    }
    let nested = await explore(.nested, 2)
    #expect((nested.deadlocked > 0) == era.info.holdsStations)
    let safe = await explore(.safe, 3)
    #expect(safe.forbidden == 0 && safe.deadlocked == 0 && safe.livelocked == 0)
    #expect(await explore(.racy, 3).forbidden > 0)
    if era.info.holdsStations {
      let backoff = await explore(.backoff, 2)
      #expect(backoff.deadlocked == 0 && backoff.livelocked > 0)
    } else {
      #expect(await explore(.nested, 3).forbidden > 0, "a check made before an await went stale")
    }
  }

  /// Each stuck or forbidden example, played again, ends the same way, and
  /// a deadlock's replay says who holds and waits for what, at once.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func everyBadExampleReplaysToItsOutcome(era: EraUnderTest) async {
    for mode in era.info.transferModes {
      let exploration = await Explorer.explore(era.era, mode: mode, options: Self.options(vans: 3))
      for outcome in exploration.outcomes where outcome.expectation.isBad {
        var options = Self.options(vans: 3)
        options.schedule = outcome.example
        let run = await Replay.play(era.era, mode: mode, options: options)
        #expect(run.failure == nil, "\(mode) \(outcome.example)")
        #expect(run.result == outcome.result, "\(mode) \(outcome.example)")
      }
    }
  }

  @Test(arguments: eras.filter(\.info.holdsStations))
  func theNestedStoryDeadlocksAndSaysWhoWaitsForWhom(era: EraUnderTest) async {
    // No van is left waiting: the run ends by itself (a stall would say so).
    let run = await Replay.play(era.era, mode: .nested, options: Self.options(vans: 2))
    #expect(run.failure == nil)
    #expect(
      run.result.stuck
        == .deadlock("A holds Rossio and waits for Chiado; B holds Chiado and waits for Rossio"))
    #expect(run.steps == ["A holds Rossio", "B holds Chiado"])
    #expect(run.expectation == .deadlocked)
  }

  /// A schedule that asks a blocked van to go on cannot be played: the van
  /// would wait for real.
  @Test(arguments: eras.filter(\.info.holdsStations))
  func aStepForABlockedVanIsRefused(era: EraUnderTest) async throws {
    var options = Self.options(vans: 3)
    options.schedule = try Schedule.parse(
      "A:arrive C:arrive", riders: 3, story: .transfer)
    let run = await Replay.play(era.era, mode: .safe, options: options)
    #expect(run.failure == "step 2 expects C:arrive, but C waits for Rossio, which A holds")
  }

  /// The deadlock drawn: each van's arrow to the station it waits for, and
  /// the cycle in words; the actors era's nested vans never wait.
  @Test(arguments: eras)
  func theDeadlockIsDrawn(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let arguments = ["replay", "--story", "transfer", "--mode", "nested"]
    let diagram = try await bikes.running(arguments + ["--format", "mermaid"])
    let lanes = try await bikes.running(arguments + ["--format", "lanes"])
    #expect(diagram.status == 0 && lanes.status == 0)
    let cycle = "A holds Rossio and waits for Chiado; B holds Chiado and waits for Rossio"
    if era.info.holdsStations {
      #expect(diagram.printsLine("    A--xY: waits"))
      #expect(diagram.printsLine("    B--xX: waits"))
      #expect(diagram.printsLine("    Note over A,B: deadlock: \(cycle)"))
      #expect(lanes.printsLine("    waits for Chiado   waits for Rossio"))
      #expect(lanes.printsLine("← deadlock: \(cycle)"))
    } else {
      #expect(!diagram.prints("waits") && !lanes.prints("deadlock"))
      #expect(diagram.prints("(actor, never held)"))
    }
  }

  /// `play`: the room wins by deadlocking the vans where a station can be
  /// held; in the actors era the screen says why it cannot, and the same
  /// moves end with every van done.
  @Test(arguments: eras)
  func theRoomWinsByDeadlockingTheVans(era: EraUnderTest) async throws {
    let game = try await era.executable().running(
      ["play", "--story", "transfer", "--mode", "nested"], input: "a\nb\n", limit: 60)
    #expect(game.status == 0)
    if era.info.holdsStations {
      #expect(
        game.prints(
          "You won: deadlock: A holds Rossio and waits for Chiado; B holds Chiado and waits for"
            + " Rossio."))
      #expect(game.prints("--schedule 'A:arrive B:arrive'"))
    } else {
      #expect(game.prints("The vans cannot deadlock here: an actor is"))
      // Two vans going opposite ways cannot win among actors: the goal says
      // what can (rehearsal 7: a learner looped on the 2-van game).
      #expect(game.prints("it takes two vans going the same way (A and C,\n--riders 3)"))
      #expect(!game.prints("You won"))
      // Won with three vans, its schedule replays here, not in the blocking
      // eras, whose nested vans hold stations (rehearsal 8).
      let won = try await era.executable().running(
        ["play", "--story", "transfer", "--mode", "nested", "--riders", "3"],
        input: "a\nc\nc\na\n", limit: 60)
      #expect(won.prints("You won"))
      #expect(won.printsLine("Replay it:"), "\(won.standardOutput)")
    }
  }

  /// A van that waits for a held station cannot be chosen, and the screen
  /// says which van holds it.
  @Test(arguments: eras.filter(\.info.holdsStations))
  func aBlockedVanCannotBeChosen(era: EraUnderTest) async throws {
    let game = try await era.executable().running(
      ["play", "--story", "transfer", "--mode", "safe", "--riders", "3"], input: "a\nc\nq\n",
      limit: 60)
    #expect(game.printsLine("  C: waits for Rossio, which A holds"))
    #expect(game.printsLine("C cannot go now: it waits for Rossio, which A holds"))
    #expect(game.prints("No schedule can win in safe mode: every van takes hold of Rossio"))
  }

  /// On the real runtime, without a gate: the safe vans and the actors'
  /// nested vans can never deadlock (one global order; an actor is never
  /// held), so every run completes, whatever the timing.
  @Test(.timeLimit(.minutes(1)), arguments: eras)
  func theRealRuntimeNeverDeadlocksWhereNoCycleCanForm(era: EraUnderTest) async {
    var options = Self.options(vans: 3)
    options.runs = 50
    options.raceWindowMicroseconds = 100
    for mode in era.info.holdsStations ? [Mode.safe] : [.safe, .nested] {
      // A deadlock ends the stress at once: a fix broken on purpose fails in
      // about ten seconds. Ten, not the command's one: a suite's blocking
      // tests beside it once kept every van from finishing for over a second.
      let tally = await Stress.run(
        era.era, mode: mode, options: options, deadlocksKept: 1, stuckBound: .seconds(10))
      #expect(tally.runs == 50)
      #expect(tally.deadlocked == 0, "\(mode)")
      if mode == .safe { #expect(tally.forbidden == 0) }
    }
  }

  /// On the command line: a deadlock shown is a success, and a failure with
  /// --fail-on-violation; a step for a blocked van, or a mode the era's
  /// transfer does not have, is one line and exit 2.
  @Test(arguments: eras)
  func theCommandLineSaysWhatTheTransferShows(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    let explore = ["explore", "--story", "transfer", "--mode", "nested"]
    let shown = try await bikes.running(explore + ["--format", "json"])
    #expect(shown.status == 0)
    #expect(shown.field("deadlocked") == (era.info.holdsStations ? "2" : "0"))
    let failed = try await bikes.running(explore + ["--riders", "3", "--fail-on-violation"])
    #expect(failed.status == 3, "nested breaks or deadlocks with three vans in every era")
    if era.info.holdsStations {
      let blocked = try await bikes.running([
        "replay", "--story", "transfer", "--mode", "safe", "--riders", "3", "--schedule",
        "A:arrive C:arrive",
      ])
      #expect(blocked.status == 2)
      #expect(
        blocked.errorLines == [
          "\(era.info.executable): --schedule cannot be played: step 2 expects C:arrive, but C"
            + " waits for Rossio, which A holds"
        ])
    } else {
      let backoff = try await bikes.running(explore.dropLast() + ["backoff"])
      #expect(backoff.status == 2)
      #expect(backoff.errorLines.count == 1)
    }
  }
}
