import BikeShare
import TestSupport
import Testing

/// What a room can read: every text command a chapter shows prints no line
/// wider than `Text.roomWidth` (100 columns), in every era (issue 70: the
/// `starts` tables ran to 404 columns, explore to 194, a call-off report to
/// 178). Lanes too (a replay's, an explore's, a won game's). JSON and
/// Mermaid are not for reading in a terminal's width.
@Suite(.timeLimit(.minutes(3))) struct OutputWidthContractTests {
  static let commands: [[String]] = [
    ["--riders", "20", "--paths", "2", "--leg-ms", "1"],
    ["--riders", "20", "--paths", "2", "--leg-ms", "1", "--call-off", "5", "--mode", "racy"],
    ["--riders", "20", "--paths", "2", "--leg-ms", "5", "--deadline-ms", "7", "--mode", "racy"],
    ["replay"], ["replay", "--story", "bike"], ["replay", "--story", "transfer"],
    ["replay", "--story", "cancel"], ["replay", "--story", "order"], ["replay", "--story", "wait"],
    ["replay", "--story", "wait", "--riders", "3", "--format", "lanes"],
    ["explore"], ["explore", "--story", "transfer", "--riders", "2"],
    ["explore", "--story", "cancel", "--riders", "2"],
    ["explore", "--story", "order", "--riders", "2"],
    ["explore", "--story", "wait", "--riders", "2"],
    ["stress", "--runs", "100"],
    ["stress", "--story", "transfer", "--mode", "safe", "--runs", "20"],
    ["stress", "--story", "cancel", "--runs", "100"],
    ["stress", "--story", "order", "--runs", "100"],
    ["stress", "--story", "wait", "--runs", "100"],
    ["hazards"], ["starts", "--pairs", "50"], ["--help"],
    ["replay", "--story", "bike", "--mode", "racy", "--format", "lanes"],
    ["explore", "--story", "transfer", "--riders", "3", "--format", "lanes"],
  ]

  @Test(arguments: Eras.all)
  func everyTextCommandFitsARoom(era: EraUnderTest) async throws {
    let bikes = try era.executable()
    for arguments in Self.commands {
      let run = try await bikes.running(arguments, limit: 60)
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
      let widest = run.outputLines.max { $0.count < $1.count } ?? ""
      #expect(widest.count <= Text.roomWidth, "\(arguments): \(widest.count): \(widest)")
    }
    let game = try await bikes.running(["play", "--story", "order"], input: "a\nzz\nq\n")
    let widest = game.outputLines.max { $0.count < $1.count } ?? ""
    #expect(widest.count <= Text.roomWidth, "play: \(widest.count): \(widest)")
    // Three vans, played to a win where the era can lose (the lanes were 105 wide).
    let vans = try await bikes.running(
      ["play", "--story", "transfer", "--mode", "nested", "--riders", "3"],
      input: "a\nc\nc\na\nq\n")
    let widestVan = vans.outputLines.max { $0.count < $1.count } ?? ""
    #expect(widestVan.count <= Text.roomWidth, "play: \(widestVan.count): \(widestVan)")
  }
}
