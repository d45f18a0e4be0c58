import Foundation
import TestSupport
import Testing

/// The chapters quote the sources and link to them; these checks keep the
/// quotes identical to the code and every link pointing somewhere.
@Suite struct ChapterTests {
  /// The package root, found from this file (`Tests/ChaptersTests/ChapterTests.swift`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func markdown(in folder: String) -> [URL] {
    let url = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { url.appendingPathComponent($0) }
  }

  static var chapters: [URL] { markdown(in: "Chapters") }

  /// The README, the chapters, and the READMEs of the scripts, the tests,
  /// the eras and the shared model's layers.
  static var documents: [URL] {
    let sources =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Sources").path)) ?? []
    let layers =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Sources/BikeShare").path)) ?? []
    return markdown(in: ".") + chapters + markdown(in: "Scripts") + markdown(in: "Tests")
      + sources.sorted().flatMap { markdown(in: "Sources/\($0)") }
      + layers.sorted().flatMap { markdown(in: "Sources/BikeShare/\($0)") }
  }

  @Test func theChaptersAreAllThere() {
    let names = Self.chapters.map(\.lastPathComponent)
    #expect(
      names.filter { !$0.hasSuffix("-going-further.md") } == [
        "00-the-simulation.md", "01-completion-handlers.md", "02-operation-queues.md",
        "03-dispatch-and-locks.md", "04-futures.md", "05-async-await-and-actors.md",
        "06-side-by-side.md",
        "07-every-schedule.md", "08-holding-two-stations.md", "09-calling-off-a-ride.md",
        "10-who-asked-first.md", "11-waiting-for-a-bike.md",
        "AFTER.md", "ANSWERS.md", "HANDOUT.md",
        "README.md", "TEACHER.md",
      ])
    // Deeper material sits beside its chapter, which links it.
    for further in names where further.hasSuffix("-going-further.md") {
      let chapter = further.replacingOccurrences(of: "-going-further.md", with: ".md")
      let text = Document(url: Self.root.appendingPathComponent("Chapters/\(chapter)")).lines
      #expect(
        text.contains { $0.contains("(\(further))") }, "\(chapter) does not link \(further)")
    }
  }

  /// Every exercise has an answer a learner can open after trying: the
  /// chapter's questions (its opening predictions and its exercises) link
  /// its section of `ANSWERS.md`, which holds one collapsed answer per
  /// question, numbered as the chapter numbers them, on from its predictions.
  @Test(arguments: chapters.map(\.lastPathComponent).filter { $0.first?.isNumber == true })
  func everyExerciseHasAnAnswerToOpen(chapter: String) throws {
    let lines = Document(url: Self.root.appendingPathComponent("Chapters/\(chapter)")).lines
    let questions = Questions(lines)
    guard !questions.items.isEmpty else { return }
    let number = String(chapter.prefix(2))
    let answers = Document(url: Self.root.appendingPathComponent("Chapters/ANSWERS.md"))
    let heading = try #require(
      answers.lines.firstIndex { $0.hasPrefix("## Chapter \(number):") },
      "ANSWERS.md has no section for chapter \(number)")
    let anchor = try #require(
      answers.anchors.first { $0.hasPrefix("chapter-\(number)-") })
    #expect(
      questions.sections.contains { range in
        lines[range].contains { $0.contains("(ANSWERS.md#\(anchor))") }
      }, "\(chapter)'s questions do not link ANSWERS.md#\(anchor)")
    let ids = answers.lines[(heading + 1)...].prefix { !$0.hasPrefix("## ") }.compactMap {
      line -> String? in
      guard line.hasPrefix("<details><summary>") else { return nil }
      return String(line.dropFirst("<details><summary>".count).prefix { $0 != " " })
    }
    let count = questions.items.count
    #expect(
      questions.items.map(\.number) == Array(1...count),
      "\(chapter) numbers its questions \(questions.items.map(\.number))")
    #expect(
      ids == (1...count).map { "\(number)-\($0)" },
      "ANSWERS.md's chapter \(number) answers \(ids), the chapter has \(count) questions")
  }

  /// Questions first: every chapter opens with what the room predicts, a
  /// `## Predict first` section with at least one numbered question, within
  /// its first 40 lines; the run and the explanation come after it.
  @Test(
    arguments: chapters.map(\.lastPathComponent).filter {
      $0.first?.isNumber == true && !$0.contains("going-further")
    })
  func everyChapterOpensWithItsPredictions(chapter: String) throws {
    let lines = Document(url: Self.root.appendingPathComponent("Chapters/\(chapter)")).lines
    let start = try #require(
      lines.firstIndex(of: Questions.predictFirst), "\(chapter) has no \(Questions.predictFirst)")
    let first = try #require(
      Questions(lines).items.first { $0.predicted }, "\(chapter): no question to predict")
    #expect(first.start < 40, "\(chapter): its first prediction is at line \(first.start + 1)")
    #expect(start < first.start)
  }

  /// A chapter fits one workshop slot. The answers are opened one at a
  /// time, not read as a slot: each of them stays short instead. The
  /// teacher's guide is a record, read before the day, not in a slot.
  @Test(arguments: chapters.map(\.lastPathComponent).filter { $0 != "TEACHER.md" })
  func aChapterIsAboutThreeHundredLinesAtMost(chapter: String) {
    let lines = Document(url: Self.root.appendingPathComponent("Chapters/\(chapter)")).lines
    guard chapter == "ANSWERS.md" else {
      #expect(lines.count <= 320, "\(chapter) has \(lines.count) lines")
      return
    }
    var start: Int?
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("<details>") { start = index }
      if line == "</details>", let first = start {
        #expect(index - first <= 12, "ANSWERS.md:\(first + 1): an answer of \(index - first) lines")
        start = nil
      }
    }
  }

  /// What marks a line as a lab note: a date, a count of runs (or rounds,
  /// processes, pairs, batches) in parentheses, a median's method, a profiler.
  static let labNotes = [
    #"20[0-9]{2}-[0-9]{2}-[0-9]{2}"#,
    #"\((one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|[0-9][0-9,]*) (runs?|rounds?|processes|pairs|batches)\b"#,
    #"medians? of"#,
    #"perf (record|stat|probe|annotate|report)"#,
    #"callgrind"#,
  ]

  /// The lab note a line carries, if any.
  static func labNote(in line: String) -> String? {
    for pattern in labNotes {
      if let range = line.range(of: pattern, options: [.regularExpression, .caseInsensitive]) {
        return String(line[range])
      }
    }
    return nil
  }

  /// Teaching pages teach; records go elsewhere. Every page a learner reads
  /// (the chapters, their going-further pages, the answers, the handout and
  /// the index) is free of dated runs, run counts, medians' methods and
  /// profiles: those live in `MEASUREMENTS.md` at the root, and the teacher's guide
  /// keeps its own timings.
  @Test func teachingPagesCarryNoLabNotes() {
    // The check can fail: each kind of lab note is found, a teaching
    // sentence is not.
    for note in [
      "three idle runs on 2026-11-26", "0.016 to 0.020 s after it (three runs)", "(3 runs)",
      "medians of five rounds", "(seven processes each)", "`perf record -g -F 2000`",
      "`perf stat -e`", "valgrind --tool=callgrind",
    ] {
      #expect(Self.labNote(in: note) != nil, "\"\(note)\" is a lab note the check misses")
    }
    #expect(Self.labNote(in: "racy mode broke in 20 of 20 runs, safe mode in 0 of 20") == nil)
    let records: Set = ["TEACHER.md"]
    for page in Self.chapters where !records.contains(page.lastPathComponent) {
      for (index, line) in Document(url: page).lines.enumerated() {
        let note = Self.labNote(in: line)
        #expect(
          note == nil,
          "Chapters/\(page.lastPathComponent):\(index + 1): a lab note (\(note ?? "")) in a teaching page; move the record to MEASUREMENTS.md and keep the explanation"
        )
      }
    }
  }

  @Test(arguments: chapters.map(\.lastPathComponent))
  func everySwiftSnippetIsQuotedVerbatimFromTheFileItNames(chapter: String) throws {
    let document = Document(url: Self.root.appendingPathComponent("Chapters/\(chapter)"))
    for snippet in document.snippets where snippet.language == "swift" {
      let place = "Chapters/\(chapter):\(snippet.line)"
      if snippet.isSketch { continue }
      guard let source = snippet.namedFile else {
        let message =
          "\(place): the paragraph before a swift snippet must link the source file it quotes"
          + " (or put <!-- sketch --> on the line before the snippet)"
        Issue.record(Comment(rawValue: message))
        continue
      }
      let url = document.folder.appendingPathComponent(source).standardizedFileURL
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("\(place): cannot read \(source)")
        continue
      }
      let quoted = text.contains(snippet.code)
      #expect(
        quoted,
        "\(place): the snippet is not in \(source) as it stands; copy it again from the file")
    }
  }

  /// A diagram whose first line names a command (`%% bikes-actors replay ...`)
  /// is that command's `--format mermaid` output, redrawn here.
  @Test(arguments: chapters.map(\.lastPathComponent))
  func everyDrawnDiagramIsWhatItsCommandDrawsToday(chapter: String) async throws {
    let document = Document(url: Self.root.appendingPathComponent("Chapters/\(chapter)"))
    for snippet in document.snippets where snippet.language == "mermaid" {
      guard let first = snippet.code.split(separator: "\n").first, first.hasPrefix("%% bikes-")
      else { continue }
      let words = Self.words(String(first.dropFirst(3)))
      let output = try await Executable(words[0]).running(
        Array(words.dropFirst()) + ["--format", "mermaid"])
      #expect(output.status == 0)
      #expect(
        output.standardOutput == snippet.code + "\n",
        "Chapters/\(chapter):\(snippet.line): draw it again with `\(first.dropFirst(3)) --format mermaid`"
      )
    }
  }

  /// Splits a command line, keeping 'quoted words' together.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quoted = false
    for character in line {
      if character == "'" {
        quoted.toggle()
      } else if character == " ", !quoted {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  @Test(arguments: documents.map { $0.path.replacingOccurrences(of: root.path + "/", with: "") })
  func everyRelativeLinkResolves(path: String) throws {
    let document = Document(url: Self.root.appendingPathComponent(path))
    #expect(!document.lines.isEmpty)
    for link in document.links {
      let place = "\(path):\(link.line)"
      if link.target.hasPrefix("http://") || link.target.hasPrefix("https://")
        || link.target.hasPrefix("mailto:")
      {
        continue
      }
      let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let file = String(parts[0])
      let target =
        file.isEmpty
        ? document.url : document.folder.appendingPathComponent(file).standardizedFileURL
      guard FileManager.default.fileExists(atPath: target.path) else {
        Issue.record("\(place): the link \(link.target) points to nothing")
        continue
      }
      if parts.count == 2 {
        let anchors = Document(url: target).anchors
        #expect(
          anchors.contains(String(parts[1])),
          "\(place): \(link.target): no heading with that anchor (there are \(anchors.sorted()))")
      }
    }
  }
}

/// A markdown file, read just enough: fenced blocks, links, headings.
struct Document {
  let url: URL
  let lines: [String]
  var folder: URL { url.deletingLastPathComponent() }

  init(url: URL) {
    self.url = url
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    lines = text.components(separatedBy: "\n")
  }

  struct Snippet {
    let language: String
    /// The line of the opening fence (1-based).
    let line: Int
    let code: String
    /// The last link in the paragraph right before the snippet that points to a file.
    let namedFile: String?
    let isSketch: Bool
  }

  struct Link {
    let target: String
    let line: Int
  }

  /// Line numbers (0-based) inside fenced blocks, fences included.
  private var fenced: Set<Int> {
    var inside = Set<Int>()
    var open = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        inside.insert(index)
        open.toggle()
      } else if open {
        inside.insert(index)
      }
    }
    return inside
  }

  var snippets: [Snippet] {
    var result: [Snippet] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      let language = String(lines[index].dropFirst(3))
      var end = index + 1
      while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
      // The paragraph before: back to the first blank line.
      var start = index - 1
      while start > 0, !lines[start - 1].trimmingCharacters(in: .whitespaces).isEmpty {
        start -= 1
      }
      let paragraph = index > 0 ? Array(lines[max(0, start)..<index]) : []
      let files = paragraph.flatMap { Self.links(in: $0) }.filter { target in
        !target.hasPrefix("http") && !target.hasSuffix("/") && !target.hasPrefix("#")
      }
      result.append(
        Snippet(
          language: language, line: index + 1,
          code: lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n"),
          namedFile: files.last.map { String($0.split(separator: "#")[0]) },
          isSketch: paragraph.last?.trimmingCharacters(in: .whitespaces) == "<!-- sketch -->"))
      index = end + 1
    }
    return result
  }

  var links: [Link] {
    let fenced = self.fenced
    return lines.enumerated().flatMap { index, line in
      fenced.contains(index) ? [] : Self.links(in: line).map { Link(target: $0, line: index + 1) }
    }
  }

  /// Targets of `[text](target)` outside inline code.
  static func links(in line: String) -> [String] {
    // Inline code can hold brackets and parentheses that are not links.
    let parts = line.components(separatedBy: "`")
    let prose = parts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(
      separator: " ")
    var targets: [String] = []
    var rest = prose[...]
    while let close = rest.range(of: "](") {
      let after = rest[close.upperBound...]
      guard let end = after.firstIndex(of: ")") else { break }
      targets.append(String(after[..<end]))
      rest = after[end...]
    }
    return targets
  }

  /// GitHub's anchors for the headings: lower case, spaces to hyphens, punctuation dropped.
  var anchors: Set<String> {
    let fenced = self.fenced
    var result = Set<String>()
    for (index, line) in lines.enumerated() where line.hasPrefix("#") && !fenced.contains(index) {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      var anchor = ""
      for character in title.lowercased() {
        if character == " " {
          anchor.append("-")
        } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
          anchor.append(character)
        }
      }
      result.insert(anchor)
    }
    return result
  }
}

/// A chapter's questions: the predictions it opens with (`## Predict first`)
/// and its exercises (`## Exercises`), numbered on from one section to the
/// next (`1.`, `2.` first; `3.` … at the end).
struct Questions {
  static let predictFirst = "## Predict first"
  static let exercises = "## Exercises"

  /// One numbered question: its number, its lines (`start..<end`), and
  /// whether it stands among the opening predictions.
  struct Item {
    let number: Int
    let start: Int
    let end: Int
    let predicted: Bool
  }

  let sections: [Range<Int>]
  let items: [Item]

  init(_ lines: [String]) {
    var sections: [Range<Int>] = []
    var items: [Item] = []
    for heading in [Self.predictFirst, Self.exercises] {
      guard let start = lines.firstIndex(of: heading) else { continue }
      let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
      sections.append(start..<end)
      let starts = (start + 1..<end).filter { index in
        let line = lines[index]
        let digits = line.prefix { $0.isNumber }
        return !digits.isEmpty && line.dropFirst(digits.count).hasPrefix(". ")
      }
      for (offset, first) in starts.enumerated() {
        let last = offset + 1 < starts.count ? starts[offset + 1] : end
        // A question ends at the next question, the section's end, or the
        // first line after it that is not indented (text between questions).
        let own =
          lines[(first + 1)..<last].firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? last
        items.append(
          Item(
            number: Int(lines[first].prefix { $0.isNumber }) ?? 0, start: first, end: own,
            predicted: heading == Self.predictFirst))
      }
    }
    self.sections = sections
    self.items = items
  }
}
