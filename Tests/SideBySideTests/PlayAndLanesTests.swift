import BikeShare
import Foundation
import TestSupport
import Testing

/// `play`, and the swimlanes and diagrams of the README's story, in every
/// era's executable (run as side by side runs them).
@Suite struct PlayAndLanesTests {
  static let eras = EraInfo.all.map(\.executable)

  static func play(_ era: String, _ moves: [String], mode: String = "racy") async throws
    -> Executable.Output
  {
    try await Executable(era).running(
      ["play", "--mode", mode], input: moves.joined(separator: "\n") + "\n", limit: 60)
  }

  @Test(arguments: eras)
  func aWinningGameEndsWithTheViolationAndAScheduleThatReplays(era: String) async throws {
    let game = try await Self.play(era, ["a", "b", "b", "a"])
    #expect(game.status == 0)
    #expect(game.prints("You won: Rossio: free_bikes reached 7"))
    let schedule = "A:arrive B:arrive B:window A:window"
    #expect(game.prints("--schedule '\(schedule)'"))
    let replay = try await Executable(era).running([
      "replay", "--mode", "racy", "--schedule", schedule,
    ])
    #expect(replay.prints("Result: free 7, empty -1."))
  }

  /// A game won in the era's own mode replays in that era only, and says so.
  @Test func aWinInAnEraOfItsOwnModeReplaysThere() async throws {
    let game = try await Self.play("bikes-actors", ["a", "b", "b", "a"], mode: "reentrant")
    #expect(game.prints("You won"))
    #expect(game.prints("Replay it:"))
    #expect(!game.prints("in any era"))
    await #expect(
      try Self.play("bikes-actors", ["a", "b", "b", "a"]).prints("Replay it in any era:"))
  }

  @Test(arguments: eras)
  func undoThenAnotherChoiceReachesAnotherEnd(era: String) async throws {
    // A checks and docks, B is turned away: no win. Undo twice, then let B
    // check before A acts: both dock into one slot.
    let game = try await Self.play(era, ["a", "a", "b", "u", "u", "b", "b", "a"])
    #expect(game.prints("this schedule does not open the window"))
    #expect(game.prints("You won"))
  }

  /// The wait story: a rider asleep in the line is shown asleep, not done,
  /// and its letter is refused with why.
  @Test(arguments: eras)
  func aSleeperIsShownAsleep(era: String) async throws {
    let game = try await Executable(era).running(
      ["play", "--story", "wait", "--riders", "2"], input: "a\na\na\nq\n", limit: 60)
    #expect(game.prints("  A: sleeps in the line"))
    #expect(game.prints("A cannot go now: it sleeps in the line"))
    #expect(!game.prints("A: done"))
  }

  @Test(arguments: eras)
  func safeModeNeverWins(era: String) async throws {
    for moves in [["a", "b"], ["b", "a"]] {
      let game = try await Self.play(era, moves, mode: "safe")
      #expect(!game.prints("You won"))
      #expect(game.prints("No schedule can win in safe mode"))
    }
  }

  @Test(arguments: eras)
  func badMovesGetOneLineAndTheGameGoesOn(era: String) async throws {
    let game = try await Self.play(era, ["x", "zz", "a"])
    #expect(game.status == 0)
    #expect(game.printsLine("there is no rider X on this stage"))
    #expect(
      game.printsLine("'zz' is not a move: type a rider's letter, or u, r, h, ?, q"))
    #expect(game.outputLines.last == "end of input; schedule so far: A:arrive")
    #expect(game.standardError.isEmpty)
  }

  /// A line read from the player is outside text: a terminal's escape
  /// sequence, a window title, a bidi override or a line separator typed or
  /// piped in comes back escaped, never raw.
  @Test(arguments: eras)
  func anUnreadableMoveIsEchoedEscaped(era: String) async throws {
    let game = try await Self.play(
      era, ["\u{1B}[2J\u{1B}]0;pwned\u{07}", "\u{202E}evil", "\u{2028}"])
    #expect(game.status == 0)
    for raw in ["\u{1B}", "\u{07}", "\u{202E}", "\u{2028}"] {
      #expect(!game.standardOutput.contains(raw), "\(raw.unicodeScalars.first!.value) printed raw")
    }
    #expect(game.prints("is not a move"))
  }

  /// Where each step ran, in each era's own words.
  static let places = [
    "bikes-callbacks": ("station's queue", "station's queue"),
    "bikes-operations": ("CheckOperation", "TakeOrLeaveOperation"),
    "bikes-dispatch": ("rider's thread, locked", "rider's thread, locked"),
    "bikes-futures": ("future, station's queue", "future, station's queue"),
    "bikes-actors": ("on the actor", "on the actor"),
  ]

  @Test(arguments: eras)
  func theStoryAsLanesIsPinned(era: String) async throws {
    let (check, act) = try #require(Self.places[era])
    let lanes = try await Executable(era).running(["replay", "--mode", "racy", "--format", "lanes"])
    // The command on top breaks to fit a room, outside its quotes, and pastes whole.
    let command = Text.fitted(
      "\(era) replay --mode racy --story slot --riders 2 --schedule"
        + " 'A:arrive B:arrive B:window A:window'")
    #expect(command.split(separator: "\n").count == 2)
    #expect(
      lanes.standardOutput == """
        \(command)
            A                B                Rossio            ran on
        1   checks: 1 slot                    free 5, empty 1   \(check)
        2                    checks: 1 slot   free 5, empty 1   \(check)
        3                    docks its bike   free 6, empty 0   \(act)
        4   docks its bike                    free 7, empty -1  \(act)  ← empty -1

        """)
  }

  /// The lanes mark the counter below 0, as the replay's steps do (free
  /// bikes in the bike story, not the empty slots above the capacity).
  @Test(arguments: eras)
  func theLanesMarkWhatTheStepsMark(era: String) async throws {
    let lanes = try await Executable(era).running([
      "replay", "--mode", "racy", "--story", "bike", "--format", "lanes",
    ])
    #expect(lanes.standardOutput.contains("free -1, empty 7"))
    #expect(lanes.standardOutput.hasSuffix("← free -1\n"), "\(lanes.standardOutput)")
  }

  static let stations = [
    "bikes-callbacks": "serial queue", "bikes-operations": "OperationQueue",
    "bikes-dispatch": "lock", "bikes-futures": "serial queue", "bikes-actors": "actor",
  ]

  @Test(arguments: eras)
  func theStoryAsAMermaidDiagramIsPinned(era: String) async throws {
    let station = try #require(Self.stations[era])
    let diagram = try await Executable(era).running([
      "replay", "--mode", "racy", "--format", "mermaid",
    ])
    #expect(
      diagram.standardOutput == """
        %% \(era) replay --mode racy --story slot --riders 2 --schedule 'A:arrive B:arrive B:window A:window'
        sequenceDiagram
            participant A as Rider A (riding)
            participant S as Rossio (\(station))
            participant B as Rider B (riding)
            Note over S: free 5, empty 1
            A->>S: emptySlots
            S-->>A: 1
            Note over A: race window
            B->>S: emptySlots
            S-->>B: 1
            Note over B: race window
            B->>S: addBike()
            Note over S: free 6, empty 0
            A->>S: addBike()
            Note over S: free 7, empty -1 ← violation

        """)
  }
}

/// `--log` from a real run, as a learner reads it.
@Suite struct LogOrderTests {
  /// Each station's take and leave lines, in the order printed, move its free
  /// bikes by exactly one each: the station's own order. (Before the log held
  /// lines back, 12 riders with seed 5 printed 12 lines out of order in
  /// callbacks and 9 in dispatch.)
  @Test(arguments: PlayAndLanesTests.eras, ["safe", "racy"])
  func logLinesFollowEachStationsOrder(era: String, mode: String) async throws {
    let run = try await Executable(era).running(
      ["--log", "--riders", "12", "--seed", "5", "--mode", mode], limit: 120)
    #expect(run.status == 0)
    var free: [String: Int] = [:]
    var lines = 0
    for line in run.outputLines {
      for (verb, step) in [(" takes a bike at ", -1), (" leaves a bike at ", 1)] {
        guard let verbRange = line.range(of: verb),
          let colon = line.range(of: ": free ", range: verbRange.upperBound..<line.endIndex)
        else { continue }
        let station = String(line[verbRange.upperBound..<colon.lowerBound])
        let now = Int(line[colon.upperBound...].prefix { $0 == "-" || $0.isNumber })!
        if let before = free[station] {
          #expect(now - before == step, "\(line)")
        }
        free[station] = now
        lines += 1
      }
    }
    #expect(lines == 240)
  }
}
