import BikeShare
import Foundation
import Testing

@testable import Bench

/// The bench's explore part: schedules a second per era and story, in the
/// JSON and in section 8, each era beside the fastest for its story.
@Suite struct ExplorePartTests {
  static func step(_ era: String, _ story: String, schedules: Int, wall: Double) -> ExploreStep {
    ExploreStep(
      era: era, story: story, riders: 3, schedules: schedules, wallSeconds: wall,
      processorSeconds: wall * 0.9)
  }

  @Test func theTableSetsEachEraBesideTheFastestForItsStory() {
    var report = Report(machine: Machine(toolchain: "Swift 6.3.1", quick: false))
    report.explore = [
      Self.step("actors", "wait", schedules: 22_476, wall: 4),
      Self.step("operations", "wait", schedules: 22_476, wall: 12),
      Self.step("actors", "cancel", schedules: 570, wall: 0.5),
    ]
    let lines = report.exploreTable()
    #expect(lines.contains { $0.hasPrefix("8. The explorer's speed") })
    let operations = lines.first { $0.hasPrefix("operations") } ?? ""
    #expect(operations.contains("1,873") && operations.hasSuffix("3.0x"), "\(lines)")
    // Ten seconds and more keep a space between the columns.
    #expect(operations.contains(" 1,873 ") && operations.contains(" 12.00 s "), "\(lines)")
    let cancel = lines.first { $0.contains("cancel") } ?? ""
    #expect(cancel.hasSuffix("1.0x"), "\(lines)")
    #expect(lines.allSatisfy { $0.count <= 100 })
  }

  /// Of an era's rounds, the process of the median wall time, its own
  /// processor time beside it (a drifting machine moves every era alike).
  @Test func eachEraKeepsItsMedianProcess() {
    let runs = [
      Self.step("futures", "wait", schedules: 22_476, wall: 9),
      Self.step("futures", "wait", schedules: 22_476, wall: 7),
      Self.step("futures", "wait", schedules: 22_476, wall: 8),
    ]
    #expect(ExploreStep.median(runs) == runs[2])
    #expect(ExploreStep.median(Array(runs.prefix(2))) == runs[0])
    #expect(ExploreStep.median([]) == nil)
  }

  @Test func theJSONCarriesTheRateAndAReportWithoutThePartStillReads() throws {
    var report = Report(machine: Machine(toolchain: "Swift 6.3.1", quick: true))
    report.explore = [Self.step("dispatch", "wait", schedules: 114, wall: 0.5)]
    let json = report.json()
    #expect(json.contains("\"schedules_a_second\":228"))
    #expect(Report.decoded(from: Data(json.utf8))?.explore == report.explore)
    // A run from before this part: no "explore" key.
    var object = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    object["explore"] = nil
    let older = try JSONSerialization.data(withJSONObject: object)
    #expect(Report.decoded(from: older)?.explore == [])
  }
}
