import Foundation
import Testing

@testable import BikeShare

/// One skeleton, one vocabulary: two era folders side by side differ only in
/// their concurrency. These checks fail when an era drifts from the shape.
@Suite struct ShapeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `Sources/BikesActors` and the others.
  static let eraFolders = [
    "BikesCallbacks", "BikesOperations", "BikesDispatch", "BikesFutures", "BikesActors",
  ]

  static func text(_ path: String) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theCatalogueListsEveryEraFolder() {
    #expect(EraInfo.all.map { "Bikes" + $0.name.capitalized } == Self.eraFolders)
  }

  @Test(arguments: eraFolders)
  func everyEraHasTheSkeleton(folder: String) throws {
    let era = folder.dropFirst("Bikes".count)
    for file in ["\(era)Era.swift", "Station.swift", "Rider.swift", "Run.swift", "README.md"] {
      #expect(Self.text("Sources/\(folder)/\(file)") != nil, "\(folder) lacks \(file)")
    }
    #expect(Self.text("Sources/\(folder)/main.swift") == nil, "\(folder): the entry is @main")
    let entry = try #require(Self.text("Sources/\(folder)/\(era)Era.swift"))
    #expect(entry.contains("@main\nenum \(era)Era: Era {"))
  }

  @Test(arguments: eraFolders)
  func everyStationSpeaksTheSixWords(folder: String) throws {
    let station = try #require(Self.text("Sources/\(folder)/Station.swift"))
    for word in ["freeBikes", "emptySlots", "removeBike", "addBike", "takeBike", "leaveBike"] {
      // A property (`var freeBikes`), or a method (`func freeBikes(on:completion:)`).
      #expect(
        station.contains("var \(word)") || station.contains("func \(word)("),
        "\(folder)/Station.swift lacks `\(word)`")
    }
  }

  /// A mode only one era has is named only in that era's folder.
  @Test(arguments: EraInfo.all.flatMap { era in era.ownModes.map { (era.name, $0.mode) } })
  func anOwnModeStaysInItsEra(owner: String, mode: Mode) throws {
    for folder in Self.eraFolders where folder != "Bikes" + owner.capitalized {
      let files = try FileManager.default.subpathsOfDirectory(
        atPath: Self.root.appendingPathComponent("Sources/\(folder)").path)
      for file in files where file.hasSuffix(".swift") {
        let text = Self.text("Sources/\(folder)/\(file)") ?? ""
        #expect(!text.contains(mode.rawValue), "\(folder)/\(file) names \(mode)")
      }
    }
  }

  /// The README's options block says what `--help` says.
  @Test func theReadmeOptionsBlockIsTheHelp() throws {
    let readme = try #require(Self.text("README.md"))
    let section = try #require(readme.range(of: "## Options\n"))
    let block = readme[section.upperBound...].split(
      separator: "```", omittingEmptySubsequences: false)[1]
    #expect(
      block.contains(CommandLineParser.optionLines(for: .callbacks).joined(separator: "\n")),
      "the options every era takes")
    #expect(
      block.contains(StageOption.all.flatMap(\.helpLines).joined(separator: "\n")),
      "the stage options every era takes")
    for era in EraInfo.all where !era.ownStageOptions.isEmpty {
      let stageOnly = era.ownStageOptions.flatMap(\.helpLines).joined(separator: "\n")
      #expect(block.contains(stageOnly), "\(era.executable)'s stage options")
    }
    for era in EraInfo.all where !era.ownOptions.isEmpty || !era.ownModes.isEmpty {
      let own = ([.mode(era.ownModes)] + era.ownOptions).flatMap(\.helpLines)
      #expect(block.contains("\(era.executable) also has:\n" + own.joined(separator: "\n")))
    }
  }

  /// At window 0 without `--log` a racy rider runs the original code: its
  /// check and its act with nothing between them. One log line or one probe
  /// call put back in between changes what the compiler and the runtime may
  /// do there (chapter 05 measures it), so these functions stay as they are.
  static let originalCode: [(file: String, code: String)] = [
    (
      "BikesCallbacks/Rider.swift",
      """
        private func originalTake(
          from station: Station, completion: @escaping @Sendable (StationCounts?) -> Void
        ) {
          station.freeBikes(on: queue) { [queue] free in
            guard free > 0 else { return completion(nil) }
            station.removeBike(on: queue, completion: completion)
          }
        }

        private func originalLeave(
          at station: Station, completion: @escaping @Sendable (StationCounts?) -> Void
        ) {
          station.emptySlots(on: queue) { [queue] empty in
            guard empty > 0 else { return completion(nil) }
            station.addBike(on: queue, completion: completion)
          }
        }
      """
    ),
    (
      "BikesOperations/Rider+Visit.swift",
      """
        private static func original(_ check: CheckOperation, then act: TakeOrLeaveOperation) {
          act.addDependency(check)
        }
      """
    ),
    (
      "BikesDispatch/Rider.swift",
      """
        private func originalTake(from station: Station) -> StationCounts? {
          if station.freeBikes > 0 { return station.removeBike() }
          return nil
        }

        private func originalLeave(at station: Station) -> StationCounts? {
          if station.emptySlots > 0 { return station.addBike() }
          return nil
        }
      """
    ),
    (
      "BikesFutures/Rider.swift",
      """
        private func originalTake(from station: Station) -> StationCounts? {
          if station.freeBikes().wait() > 0 { return station.removeBike().wait() }
          return nil
        }

        private func originalLeave(at station: Station) -> StationCounts? {
          if station.emptySlots().wait() > 0 { return station.addBike().wait() }
          return nil
        }
      """
    ),
    (
      "BikesActors/Rider.swift",
      """
        private func originalTake(from station: Station) async -> StationCounts? {
          if await station.freeBikes > 0 { return await station.removeBike() }
          return nil
        }

        private func originalLeave(at station: Station) async -> StationCounts? {
          if await station.emptySlots > 0 { return await station.addBike() }
          return nil
        }
      """
    ),
  ]

  @Test(arguments: originalCode.map(\.file))
  func theWindowZeroPathIsTheOriginalCodeAndNothingElse(file: String) throws {
    let code = try #require(Self.originalCode.first { $0.file == file }?.code)
    let source = try #require(Self.text("Sources/\(file)"))
    #expect(
      source.contains(code + "\n"),
      "Sources/\(file): the window-0 path must be exactly the original check and act")
    // And the racy path takes it whenever the probe is bare.
    #expect(source.contains("if probe.isBare"))
  }

  /// `--callers main-actor` runs copies of the actors rider's check and act,
  /// compiled `nonisolated(nonsending)`: the same lines, the names aside,
  /// or the flag would measure other code than the rider's.
  @Test(arguments: ["safely", "racyTake", "racyLeave", "originalTake", "originalLeave"])
  func theMainActorCopiesAreTheRidersOwnLines(function: String) throws {
    let rider = try #require(Self.text("Sources/BikesActors/Rider.swift"))
    let copies = try #require(Self.text("Sources/BikesActors/Rider+Callers.swift"))
    let original = try #require(Self.body(of: function, in: rider))
    let copy = try #require(Self.body(of: function + "OnCaller", in: copies))
    #expect(copy.replacingOccurrences(of: "OnCaller(", with: "(") == original)
  }

  /// The copy of the visit's switch has every case of the visit's own (the
  /// `--callers concurrent` cases aside).
  @Test func theMainActorSwitchHasTheVisitsCases() throws {
    let rider = try #require(Self.text("Sources/BikesActors/Rider.swift"))
    let copies = try #require(Self.text("Sources/BikesActors/Rider+Callers.swift"))
    let visit = try #require(Self.body(of: "visit", in: rider))
    let switchOnCaller = try #require(Self.body(of: "checkAndActOnCaller", in: copies))
      .replacingOccurrences(of: "OnCaller(", with: "(")
    let cases = visit.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { ["case (", "await station.", "charging:"].contains(where: $0.hasPrefix) }
    #expect(cases.count == 9)
    for line in cases { #expect(switchOnCaller.contains(line), "\(line)") }
  }

  /// A function's body in formatted source: from the brace that ends its
  /// signature to the brace that closes it, two spaces in.
  static func body(of function: String, in source: String) -> String? {
    guard let start = source.range(of: "func \(function)("),
      let open = source.range(of: "{\n", range: start.upperBound..<source.endIndex),
      let close = source.range(of: "\n  }\n", range: open.upperBound..<source.endIndex)
    else { return nil }
    return String(source[open.upperBound..<close.lowerBound])
  }

  @Test func onlyAZeroWindowWithTheLogOffIsBare() {
    #expect(RaceProbe.waiting(.zero).isBare)
    #expect(BlockingRaceProbe.waiting(.zero).isBare)
    let log = EventLog(.memory)
    #expect(!RaceProbe.waiting(.zero, log: log).isBare)
    #expect(!BlockingRaceProbe.waiting(.zero, log: log).isBare)
    #expect(!RaceProbe.waiting(.microseconds(1)).isBare)
    #expect(!BlockingRaceProbe.waiting(.microseconds(1)).isBare)
    let gate = ScriptedGate(riders: [0], schedule: [])
    #expect(!RaceProbe.scripted(gate).isBare)
    #expect(!BlockingRaceProbe.scripted(gate).isBare)
  }

  /// A run's probe does nothing when a rider arrives, so a rider may leave
  /// that call out; a gate's or a test's probe is called there.
  @Test func onlyTheWaitingProbesLeaveTheArrivalOut() {
    let log = EventLog(.memory)
    for window in [Duration.zero, .microseconds(1)] {
      #expect(!RaceProbe.waiting(window).pausesOnArrival)
      #expect(!RaceProbe.waiting(window, log: log).pausesOnArrival)
      #expect(!BlockingRaceProbe.waiting(window).pausesOnArrival)
      #expect(!BlockingRaceProbe.waiting(window, log: log).pausesOnArrival)
    }
    let gate = ScriptedGate(riders: [0], schedule: [])
    #expect(RaceProbe.scripted(gate).pausesOnArrival)
    #expect(BlockingRaceProbe.scripted(gate).pausesOnArrival)
    #expect(RaceProbe(pause: { _ in }).pausesOnArrival)
    #expect(BlockingRaceProbe(pause: { _ in }).pausesOnArrival)
  }
}
