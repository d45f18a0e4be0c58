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
    "BikesCallbacks", "BikesOperations", "BikesDispatch", "BikesActors",
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
    for era in EraInfo.all where !era.ownOptions.isEmpty || !era.ownModes.isEmpty {
      let own = ([.mode(era.ownModes)] + era.ownOptions).flatMap(\.helpLines)
      #expect(block.contains("\(era.executable) also has:\n" + own.joined(separator: "\n")))
    }
  }
}
