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
    let text = answer.lines.filter { !$0.hasPrefix(marker) }.joined(separator: "\n")
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

  /// What a learner has read when it reaches the end of exercise `secret`:
  /// each place by name, its text normalized.
  static func readBefore(_ secret: Secret) throws -> [(place: String, text: String)] {
    var places: [(String, String)] = []
    func add(_ url: URL, _ lines: [String]? = nil) {
      let text = lines ?? Document(url: url).lines
      places.append(
        (
          url.path.replacingOccurrences(of: root.path + "/", with: ""),
          normalized(text.joined(separator: "\n"))
        ))
    }
    add(root.appendingPathComponent("README.md"))
    add(root.appendingPathComponent("Chapters/README.md"))
    add(root.appendingPathComponent("Chapters/HANDOUT.md"))
    for earlier in 0..<secret.chapter {
      for file in chapterFiles(earlier) { add(file) }
    }
    // The chapter down to the end of the question.
    let chapter = try #require(
      chapterFiles(secret.chapter).first { !$0.lastPathComponent.contains("going-further") })
    let lines = Document(url: chapter).lines
    let start = try #require(lines.firstIndex(of: "## Exercises"), "\(chapter) has no exercises")
    let item = try #require(
      lines[start...].firstIndex { $0.hasPrefix("\(secret.number). ") },
      "\(chapter.lastPathComponent) has no exercise \(secret.number)")
    let end =
      lines[(item + 1)...].firstIndex {
        $0.first?.isNumber == true && $0.contains(". ") || $0.hasPrefix("## ")
      } ?? lines.endIndex
    add(chapter, Array(lines[..<end]))
    // The answers opened before this one.
    let earlierAnswers = answers().prefix { $0.id != secret.id }
      .flatMap(\.lines).filter { !$0.hasPrefix(marker) }
    places.append(
      ("Chapters/ANSWERS.md (earlier answers)", normalized(earlierAnswers.joined(separator: "\n"))))
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

  /// Every exercise that asks for a prediction names what it asks for.
  @Test func everyPredictionNamesItsSecrets() throws {
    let named = Set(Self.secrets.map(\.id))
    for chapter in ChapterTests.chapters
    where chapter.lastPathComponent.first?.isNumber == true
      && !chapter.lastPathComponent.contains("going-further")
    {
      let lines = Document(url: chapter).lines
      guard let start = lines.firstIndex(of: "## Exercises") else { continue }
      var number = 0
      var text = ""
      func check() {
        guard number > 0 else { return }
        let id = "\(chapter.lastPathComponent.prefix(2))-\(number)"
        if text.lowercased().contains("predict") {
          #expect(
            named.contains(id), "exercise \(id) asks for a prediction; its answer names no secret")
        }
      }
      for line in lines[(start + 1)...] {
        if line.hasPrefix("## ") { break }
        if let dot = line.firstIndex(of: "."), line[..<dot].allSatisfy(\.isNumber),
          !line[..<dot].isEmpty
        {
          check()
          number = Int(line[..<dot]) ?? number
          text = line
        } else {
          text += " " + line
        }
      }
      check()
    }
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
