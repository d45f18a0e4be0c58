import Foundation
import TestSupport
import Testing

/// What an exercise asks a learner to predict appears nowhere the learner
/// reads before the question. Each answer in `ANSWERS.md` whose exercise
/// asks for a prediction names what it asks for in a comment the page does
/// not show:
///
///     <!-- asks for: "15 schedules" · "3 forbidden" -->
///
/// and none of those phrases may stand in the README, the chapter index and
/// workshop plan, the handout, an earlier chapter (or its going-further
/// page), an earlier exercise's answer, or the chapter itself above the end
/// of the question. A phrase is a count with its word ("3 forbidden", not
/// "3"), so common numbers do not cry wolf; it matches whole words only,
/// whatever the case, the line breaks or the Markdown around it.
@Suite struct SecretsTests {
  static let root = ChapterTests.root

  /// One exercise's secrets, from its answer.
  struct Secret: CustomTestStringConvertible, Sendable {
    /// `09-1`
    let id: String
    let phrases: [String]
    /// The answer's own text, without the comment.
    let answer: String
    var chapter: Int { Int(id.prefix(2)) ?? -1 }
    var number: Int { Int(id.dropFirst(3)) ?? -1 }
    var testDescription: String { id }
  }

  static let marker = "<!-- asks for: "
  /// An answer whose question asks for no value (a change to make, a file
  /// to read) says so, and why: `<!-- asks for nothing: a change to make -->`.
  static let nothingMarker = "<!-- asks for nothing: "

  /// Every answer of `ANSWERS.md`, in order: its id, its lines.
  static func answers() -> [(id: String, lines: [String])] {
    let lines = Document(url: root.appendingPathComponent("Chapters/ANSWERS.md")).lines
    var result: [(id: String, lines: [String])] = []
    for line in lines {
      if line.hasPrefix("<details><summary>") {
        let id = String(line.dropFirst("<details><summary>".count).prefix { $0 != " " })
        result.append((id, [line]))
      } else if !result.isEmpty {
        result[result.count - 1].lines.append(line)
      }
    }
    return result
  }

  static func phrases(in line: String) -> [String]? {
    guard line.hasPrefix(marker), line.hasSuffix(" -->") else { return nil }
    // Every other piece between quotes is a phrase: `"a" · "b"`.
    return line.dropFirst(marker.count).dropLast(4)
      .split(separator: "\"", omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  static let secrets: [Secret] = answers().compactMap { answer in
    guard let phrases = answer.lines.lazy.compactMap(phrases(in:)).first else { return nil }
    let text = answer.lines.filter { !$0.hasPrefix(marker) && !$0.hasPrefix(nothingMarker) }
      .joined(separator: "\n")
    return Secret(id: answer.id, phrases: phrases, answer: text)
  }

  /// Lower case, Markdown's emphasis and code marks gone, every run of
  /// white space one space.
  static func normalized(_ text: String) -> String {
    text.lowercased().replacingOccurrences(of: "`", with: "")
      .replacingOccurrences(of: "*", with: "")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Where `phrase` stands in `text` as whole words, if it does.
  static func occurs(_ phrase: String, in text: String) -> Bool {
    let phrase = normalized(phrase)
    var searched = text[...]
    while let range = searched.range(of: phrase) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      let joins = { (character: Character?) in
        character.map { $0.isLetter || $0.isNumber } ?? false
      }
      if !joins(before), !joins(after) { return true }
      searched = text[range.upperBound...]
    }
    return false
  }

  /// The numbered chapter files, main and going further, by number.
  static func chapterFiles(_ number: Int) -> [URL] {
    ChapterTests.chapters.filter { $0.lastPathComponent.hasPrefix(String(format: "%02d-", number)) }
  }

  /// The pages of the path a learner holds before chapter 0: the README,
  /// the chapter index and plan, the handout.
  static let pathPages = ["README.md", "Chapters/README.md", "Chapters/HANDOUT.md"]

  /// What each chapter concludes, handed out after it (`Chapters/AFTER.md`,
  /// a section a chapter: `## After chapter 07`), up to chapter `number`.
  static func conclusions(before number: Int) -> [String] {
    let lines = Document(url: root.appendingPathComponent("Chapters/AFTER.md")).lines
    var kept: [String] = []
    var keeping = false
    for line in lines {
      if line.hasPrefix("## After chapter ") {
        keeping =
          Int(line.dropFirst("## After chapter ".count).prefix(2)).map { $0 < number } ?? false
      }
      if keeping { kept.append(line) }
    }
    return kept
  }

  /// What a learner has read, and seen printed, when it reaches the end of
  /// question `secret`: each place by name, its text normalized.
  static func readBefore(_ secret: Secret) throws -> [(place: String, text: String)] {
    var places: [(String, String)] = []
    func add(_ place: String, _ lines: [String]) {
      places.append((place, normalized(lines.joined(separator: "\n"))))
    }
    func addRuns(_ page: String, _ lines: [String]) {
      for command in PathOutputs.commands(in: lines) {
        add(
          "the output of `\(command.text)` (\(page):\(command.line + 1))",
          [PathOutputs.output(of: command)])
      }
    }
    // The question's chapter, and whether it stands before the chapter's body.
    let chapter = try #require(
      chapterFiles(secret.chapter).first { !$0.lastPathComponent.contains("going-further") })
    let lines = Document(url: chapter).lines
    let item = try #require(
      Questions(lines).items.first { $0.number == secret.number },
      "\(chapter.lastPathComponent) has no question \(secret.number)")
    for page in pathPages {
      let lines = Document(url: root.appendingPathComponent(page)).lines
      add(page, lines)
      // A command is run in the chapter its line or slot names, before chapter 00 if none.
      for (command, when) in PathOutputs.attributed(lines) {
        guard let when else {
          add(
            "the output of `\(command.text)` (\(page):\(command.line + 1))",
            [PathOutputs.output(of: command)])
          continue
        }
        if when < secret.chapter || (when == secret.chapter && !item.predicted) {
          add(
            "the output of `\(command.text)` (\(page):\(command.line + 1), chapter \(when))",
            [PathOutputs.output(of: command)])
        }
      }
    }
    for earlier in 0..<secret.chapter {
      for file in chapterFiles(earlier) {
        let lines = Document(url: file).lines
        let page = "Chapters/" + file.lastPathComponent
        add(page, lines)
        if !file.lastPathComponent.contains("going-further") { addRuns(page, lines) }
      }
    }
    add("Chapters/AFTER.md (chapters before)", conclusions(before: secret.chapter))
    // The chapter down to the end of the question, and what its commands
    // above the question print.
    let page = "Chapters/" + chapter.lastPathComponent
    add(page, Array(lines[..<item.end]))
    addRuns(page, Array(lines[..<item.start]))
    // The answers opened before this one.
    let earlierAnswers = answers().prefix { $0.id != secret.id }
      .flatMap(\.lines).filter { !$0.hasPrefix(marker) && !$0.hasPrefix(nothingMarker) }
    add("Chapters/ANSWERS.md (earlier answers)", earlierAnswers)
    return places
  }

  /// The rule itself: no phrase an exercise asks for is read before it.
  @Test(arguments: secrets)
  func noPredictionIsAnsweredBeforeItIsAsked(secret: Secret) throws {
    for (place, text) in try Self.readBefore(secret) {
      for phrase in secret.phrases {
        #expect(
          !Self.occurs(phrase, in: text),
          "\(secret.id) asks for \"\(phrase)\", and \(place) says it before the question")
      }
    }
  }

  /// The comments are honest: each phrase is one the answer gives (a table's
  /// row, with `|`, is the exception), and holds a word, not a bare number.
  @Test(arguments: secrets)
  func eachSecretIsInItsAnswerAndIsMoreThanANumber(secret: Secret) {
    #expect(!secret.phrases.isEmpty, "\(secret.id): an empty asks-for comment")
    for phrase in secret.phrases {
      #expect(
        phrase.contains { $0.isLetter || $0 == "|" }, "\(secret.id): \"\(phrase)\" is a bare number"
      )
      if !phrase.contains("|") {
        #expect(
          Self.occurs(phrase, in: Self.normalized(secret.answer)),
          "\(secret.id): its answer does not say \"\(phrase)\"")
      }
    }
  }

  /// Every question names what it asks for (a count, an outcome, a
  /// verdict, a rate, which era), or says that it asks for no value.
  @Test func everyQuestionNamesItsSecrets() throws {
    for answer in Self.answers() {
      let named = answer.lines.contains { $0.hasPrefix(Self.marker) && $0.hasSuffix(" -->") }
      let nothing = answer.lines.contains {
        $0.hasPrefix(Self.nothingMarker) && $0.hasSuffix(" -->")
          && $0.count > Self.nothingMarker.count + 8
      }
      #expect(
        named != nothing,
        "\(answer.id): its answer names what the question asks for (<!-- asks for: \"…\" -->) or says why nothing (<!-- asks for nothing: … -->), one of the two"
      )
    }
  }

  /// The outputs the check reads are found: the main job's command on the
  /// README, a replay on chapter 01, an explore on chapter 07.
  @Test func theCommandsOfThePathAreRead() {
    let readme = PathOutputs.commands(
      in: Document(url: Self.root.appendingPathComponent("README.md")).lines)
    #expect(readme.contains { $0.executable == "bikes-side-by-side" && $0.arguments.isEmpty })
    let seven = Self.chapterFiles(7).first { !$0.lastPathComponent.contains("going-further") }
    let explores = PathOutputs.commands(in: seven.map { Document(url: $0).lines } ?? [])
    #expect(explores.contains { $0.arguments.first == "explore" }, "\(explores.map(\.text))")
    let line = ["Run `swift run bikes-callbacks replay --story bike` now, then predict."]
    #expect(
      PathOutputs.commands(in: line).map(\.text) == ["bikes-callbacks replay --story bike"])
  }

  /// A path page's command runs in the chapter its line links, or its plan
  /// slot names; with neither, before chapter 00.
  @Test func aPathPageCommandRunsInTheChapterItNames() {
    let lines = [
      "- `swift run bikes-callbacks explore`: every schedule ([07](07-every-schedule.md))",
      "**1:00 – 1:30 · Calling off a ride (chapter 09)**",
      "- Run: `swift run bikes-actors replay --story cancel --mode racy`",
      "## Another part",
      "`swift run bikes-actors replay`",
    ]
    let found = PathOutputs.attributed(lines).map { "\($0.command.text) @ \($0.chapter ?? -1)" }
    #expect(
      found == [
        "bikes-callbacks explore @ 7", "bikes-actors replay --story cancel --mode racy @ 9",
        "bikes-actors replay @ -1",
      ])
  }

  /// The check can fail: a count pasted back above its question is found.
  @Test func aCountPastedAboveItsQuestionIsFound() {
    let text = Self.normalized("| racy | 2 | **15 schedules**,\n3   forbidden |")
    #expect(Self.occurs("15 schedules", in: text))
    #expect(Self.occurs("3 forbidden", in: text))
    #expect(!Self.occurs("5 schedules", in: text))
    #expect(!Self.occurs("3 forbid", in: text))
  }
}
