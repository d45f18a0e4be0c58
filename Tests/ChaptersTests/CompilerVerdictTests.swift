import Foundation
import TestSupport
import Testing

/// What the compiler says about each era's hazards, checked: every file in
/// `CompilerVerdicts/` is one concept, and its `// Verdict:` lines are the
/// diagnostics Swift 6 gives it (or `compiles`). This compiles each with the
/// toolchain and fails, printing the toolchain and what it said, when a
/// diagnostic changes, appears or vanishes; and the chapters quote
/// diagnostics only from there.
///
/// `-emit-sil`, not `-typecheck`: region-based isolation (`sending`) is
/// checked on SIL, after type checking, so `-typecheck` alone misses it.
/// The verdicts are Linux's: on Darwin, Apple's SDK marks more blocking
/// calls `noasync` (`semaphore-wait-in-async.swift` would not compile).
@Suite(.timeLimit(.minutes(5))) struct CompilerVerdictTests {
  static let folder = ChapterTests.root.appendingPathComponent("CompilerVerdicts")

  static var snippets: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted()
  }

  /// Each snippet's pinned verdict: its `// Verdict:` lines, `compiles` as none.
  static func verdict(of name: String) throws -> (expected: [String], settings: [String]) {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let expected = lines.compactMap { line -> String? in
      guard line.hasPrefix("// Verdict: ") else { return nil }
      return String(line.dropFirst("// Verdict: ".count))
    }
    let settings = lines.first { $0.hasPrefix("// Settings: ") }.map {
      $0.dropFirst("// Settings: ".count).split(separator: " ").map(String.init)
    }
    return (expected == ["compiles"] ? [] : expected, settings ?? [])
  }

  /// The toolchain's `swiftc`, found on `PATH`.
  static func swiftc() throws -> Executable {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/swiftc"
      if FileManager.default.isExecutableFile(atPath: candidate) {
        return try Executable(path: candidate)
      }
    }
    throw NoCompiler()
  }

  struct NoCompiler: Error, CustomStringConvertible {
    var description: String { "no swiftc on PATH" }
  }

  /// What the compiler said, one line per diagnostic, without the place and
  /// the diagnostic group: `error: ...`.
  static func diagnostics(_ output: String) -> [String] {
    output.split(separator: "\n").compactMap { line -> String? in
      guard
        let range = line.range(
          of: #"\.swift:\d+:\d+: (error|warning): "#, options: .regularExpression)
      else { return nil }
      var message = String(line[range.lowerBound...].drop { $0 != " " }.dropFirst())
      if let group = message.range(of: #" \[#[A-Za-z]+\]$"#, options: .regularExpression) {
        message.removeSubrange(group)
      }
      return message
    }
  }

  @Test func thereIsASnippetForEachConcept() {
    #expect(Self.snippets.count >= 10, "\(Self.snippets)")
  }

  #if os(Linux)
    @Test(arguments: snippets)
    func theCompilerSaysWhatTheSnippetPins(name: String) async throws {
      let (expected, settings) = try Self.verdict(of: name)
      let compiler = try Self.swiftc()
      let output = try await compiler.running(
        ["-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-parse-as-library"] + settings
          + [Self.folder.appendingPathComponent(name).path], limit: 120)
      let said = Self.diagnostics(output.standardError + output.standardOutput)
      let version =
        try await compiler.running(["--version"], limit: 60).standardOutput
        .split(separator: "\n").first.map(String.init) ?? "?"
      #expect(
        said == expected,
        "\(name), with \(version): the compiler said \(said.isEmpty ? ["compiles"] : said)")
      #expect((output.status == 0) == !said.contains { $0.hasPrefix("error: ") }, "\(name)")
    }
  #endif

  /// A diagnostic a chapter quotes (a line of a fenced block that starts with
  /// `error: ` or `warning: `) is one of the snippets' verdicts, word for word.
  @Test func everyDiagnosticAChapterQuotesIsASnippetsVerdict() throws {
    let verdicts = Set(try Self.snippets.flatMap { try Self.verdict(of: $0).expected })
    for chapter in ChapterTests.chapters {
      let document = Document(url: chapter)
      for snippet in document.snippets {
        for line in snippet.code.split(separator: "\n")
        where line.hasPrefix("error: ") || line.hasPrefix("warning: ") {
          #expect(
            verdicts.contains(String(line)),
            "\(chapter.lastPathComponent):\(snippet.line): '\(line)' is no snippet's verdict")
        }
      }
    }
  }
}
