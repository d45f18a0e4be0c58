import Foundation
import Testing

/// `Sources/BikeShare` is one target in folders by layer, and its
/// dependencies point one way (`Sources/BikeShare/README.md`). The compiler
/// cannot see folders, so this reads the sources: a type declared in a folder
/// may be named only in its own folder and the folders above it.
@Suite struct LayerTests {
  static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/BikeShare")

  /// Lowest first: each folder may use the folders before it, never one after.
  static let layers = ["City", "Simulation", "Bench", "Stage", "Report", "CommandLine"]

  struct File {
    let path: String
    let layer: Int
    /// Code without comments or string literals.
    let code: String
    /// Types, protocols and aliases declared at the top level.
    let declared: [String]
  }

  static func files() throws -> [File] {
    try layers.enumerated().flatMap { layer, folder in
      let url = shared.appendingPathComponent(folder)
      // A layer's rooms (`Stage/Gate/`, `Stage/Stories/`) are the layer's too.
      let names = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String]) ?? []
      return try names.sorted()
        .filter { $0.hasSuffix(".swift") }
        .map { name in
          let text = try String(
            contentsOf: url.appendingPathComponent(name), encoding: .utf8)
          return File(
            path: "\(folder)/\(name)", layer: layer, code: Self.code(text),
            declared: Self.declarations(text))
        }
    }
  }

  /// `public final class StopSwitch` → `StopSwitch`, at the start of a line only.
  static func declarations(_ text: String) -> [String] {
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "fileprivate", "private", "final", "indirect",
    ]
    let kinds: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
    return text.split(separator: "\n").compactMap { line in
      guard let first = line.first, first.isLetter else { return nil }
      let words = line.split(separator: " ").drop { modifiers.contains($0) }
      guard let kind = words.first, kinds.contains(kind), let name = words.dropFirst().first
      else { return nil }
      return String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
  }

  /// The text with `//` comments and string literals blanked, so that a
  /// name in a comment or a message does not count as a use.
  static func code(_ text: String) -> String {
    var lines: [String] = []
    var inBlock = false  // inside a `"""` literal
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let blockQuotes = line.components(separatedBy: "\"\"\"").count - 1
      if inBlock {
        if blockQuotes % 2 == 1 { inBlock = false }
        lines.append("")
      } else if blockQuotes % 2 == 1 {
        inBlock = true
        lines.append(codeOnly(line.components(separatedBy: "\"\"\"")[0][...]))
      } else {
        lines.append(codeOnly(line))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// One line without its `//` comment and with its string literals emptied.
  static func codeOnly(_ line: Substring) -> String {
    var out = ""
    var inString = false
    var escaped = false
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
          out.append(character)
        }
        continue
      }
      if character == "/" && out.last == "/" {
        out.removeLast()
        break
      }
      if character == "\"" { inString = true }
      out.append(character)
    }
    return out
  }

  static func uses(_ name: String, in code: String) -> Bool {
    var rest = code[...]
    while let range = rest.range(of: name) {
      let before = rest[..<range.lowerBound].last
      let after = rest[range.upperBound...].first
      func isWord(_ character: Character?) -> Bool {
        character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
      }
      if !isWord(before) && !isWord(after) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }

  /// The stage is rooms: no file at its top, and each folder's README says
  /// in two lines what it holds and which file to start at.
  @Test func everyRoomOfTheStageSaysWhatItHolds() throws {
    let stage = Self.shared.appendingPathComponent("Stage")
    let entries = try FileManager.default.contentsOfDirectory(atPath: stage.path).sorted()
    #expect(entries.filter { $0.hasSuffix(".swift") }.isEmpty, "files in Stage/ outside a room")
    let rooms = entries.filter { !$0.contains(".") }
    #expect(rooms.count >= 9, "\(rooms)")
    for room in rooms {
      let readme = stage.appendingPathComponent("\(room)/README.md")
      let lines = ((try? String(contentsOf: readme, encoding: .utf8)) ?? "").split(separator: "\n")
      #expect(lines.count == 2, "Stage/\(room)/README.md: what it holds, where to start")
      #expect(lines.last?.hasPrefix("Start at `") == true, "Stage/\(room)/README.md")
    }
  }

  @Test func everyFileSitsInALayerFolderWithAReadme() throws {
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.shared.path).sorted()
    #expect(entries.filter { $0.hasSuffix(".swift") }.isEmpty, "files outside a layer folder")
    #expect(
      Set(entries) == Set(Self.layers + ["README.md", "Resources"]),
      "Sources/BikeShare holds: \(entries)")
    for layer in Self.layers {
      let readme = Self.shared.appendingPathComponent("\(layer)/README.md")
      let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
      #expect(text.contains("May use:"), "\(layer)/README.md says what the folder may use")
    }
  }

  // NB: name `EraCommand` in `Simulation/Journey.swift` (say,
  // `_ = EraCommand.self`) and this fails, naming the file and the type.
  @Test func noLayerNamesATypeOfALayerAboveIt() throws {
    let files = try Self.files()
    #expect(files.count > 30)
    var upward: [String] = []
    for file in files {
      for other in files where other.layer > file.layer {
        for name in other.declared where Self.uses(name, in: file.code) {
          upward.append("\(file.path) names \(name) (\(other.path))")
        }
      }
    }
    #expect(upward.isEmpty, "a layer reaches up:\n\(upward.joined(separator: "\n"))")
  }

  /// The check itself: it sees a use, and not a comment or a string.
  @Test func theCheckSeesCodeOnly() {
    let code = Self.code(
      """
      // EraCommand in a comment
      let message = "EraCommand in a string"
      let code = ExitCode.done  // EraCommand
      """)
    #expect(!Self.uses("EraCommand", in: code))
    #expect(Self.uses("ExitCode", in: code))
    #expect(!Self.uses("Exit", in: code))
    #expect(
      Self.declarations("public final class StopSwitch: Sendable {\n  struct Inner {}")
        == ["StopSwitch"])
  }
}
