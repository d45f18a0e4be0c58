import BikeShare
import Foundation
import TestSupport
import Testing

/// When the watchdog fires: at its bound of no progress, and at most two of
/// its ticks later (the chapters promise that overshoot), with room for a
/// loaded machine, never many bounds later. Measured in a child, whose
/// cooperative pool the suite's own blocking tests cannot hold up.
@Suite(.timeLimit(.minutes(2))) struct WatchdogTests {
  @Test(arguments: ["bikes-dispatch", "bikes-futures"], [300, 900])
  func itFiresAtItsBoundPlusAtMostTwoTicks(executable: String, milliseconds: Int) async throws {
    // Eight nested vans between two stations deadlock at once.
    let result = try await Executable(executable).running(
      [
        "--mode", "nested", "--vans", "8", "--stations", "2", "--riders", "1", "--leg-ms", "0",
        "--watchdog-ms", String(milliseconds), "--format", "json",
      ], limit: 60)
    #expect(result.status == ExitCode.noProgress, "\(result.standardError)")
    let line = try #require(
      result.outputLines.first { $0.contains("\"no_progress\"") }, "\(result.standardOutput)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let bound = try #require(object["bound_seconds"] as? Double)
    let stuck = try #require(object["stuck_at_seconds"] as? Double)
    let stopped = try #require(object["stopped_at_seconds"] as? Double)
    let tick = min(0.1, bound / 4)
    #expect(bound == Double(milliseconds) / 1000)
    #expect(stopped - stuck >= bound, "fired \(stopped - stuck) s after the last progress")
    // Two ticks, as promised, and a second more for a loaded machine.
    #expect(
      stopped - stuck <= bound + 2 * tick + 1, "fired \(stopped - stuck) s after the last progress")
  }
}
