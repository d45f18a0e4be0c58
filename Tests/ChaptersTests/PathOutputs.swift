import Foundation
import Synchronization
import TestSupport

/// What the learner's path prints: every command a page shows
/// (`swift run bikes-<era> …`, `Scripts/side-by-side.sh …`), run once
/// through the debug executables, page by page, so that the spoiler check
/// reads the outputs a learner has seen before a question as it reads the
/// pages. A command that needs a terminal, the network, a file or minutes
/// (`play`, `--city`, a pipe, `stress`, `hazards`, `starts`, `--call-off`,
/// `--deadline-ms`, `bench`) is left out; the chapters' own output blocks
/// show what those print, and the check reads them with the page.
enum PathOutputs {
  /// One command as a page shows it, with the line it stands on.
  struct Command: Hashable, Sendable {
    let executable: String
    let arguments: [String]
    let line: Int
    var text: String { ([executable] + arguments).joined(separator: " ") }
  }

  static let skipped = [
    "play", "--city", "stress", "hazards", "starts", "--call-off", "--deadline-ms", "bench",
    "--format", "--runs", "--bin-dir", "--schedule", "--scheduler", "--stations",
    "--paths", "--lock", "--exclusive", "--fix", "--callers", "--log", "NAME",
  ]

  /// The commands `lines` shows, in order (those that fit a test's minute).
  static func commands(in lines: [String]) -> [Command] {
    var found: [Command] = []
    for (index, line) in lines.enumerated() {
      for (prefix, executable) in [
        ("swift run bikes-", "bikes-"), ("Scripts/side-by-side.sh", "bikes-side-by-side"),
      ] {
        var rest = line[...]
        while let range = rest.range(of: prefix) {
          let tail = rest[range.upperBound...]
          let end = tail.firstIndex { $0 == "`" || $0 == ")" || $0 == ";" } ?? tail.endIndex
          rest = tail[end...]
          var words = tail[..<end].split(separator: " ").map(String.init)
          let name: String
          if executable == "bikes-" {
            guard let first = words.first, first.allSatisfy({ $0.isLetter || $0 == "-" })
            else { continue }
            name = "bikes-" + first
            words.removeFirst()
          } else {
            name = executable
          }
          // Words of prose after the command (a sentence that goes on) end it.
          let command = words.prefix { word in
            word.first.map { $0 == "-" || $0.isLowercase || $0.isNumber } ?? false
          }
          let riders = command.firstIndex(of: "--riders").flatMap { index in
            index + 1 < command.count ? Int(command[index + 1]) : nil
          }
          guard (riders ?? 0) <= 4,
            !command.contains(where: { word in
              skipped.contains(word) || word.contains { "<|>".contains($0) }
            })
          else { continue }
          found.append(Command(executable: name, arguments: Array(command), line: index))
        }
      }
    }
    return found
  }

  /// The commands of a path page (the README, the index and plan, the
  /// handout), each with the chapter it is run in: the chapter its line
  /// links (`[07](07-every-schedule.md)`), or, in the plan, the chapter of
  /// its slot (`**1:00 – 1:30 · … (chapter 09)**`); nil, before chapter 00.
  static func attributed(_ lines: [String]) -> [(command: Command, chapter: Int?)] {
    var slot: Int?
    var chapterOfLine = [Int?](repeating: nil, count: lines.count)
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("**"), let range = line.range(of: "(chapter ") {
        slot = Int(line[range.upperBound...].prefix(2))
      } else if line.hasPrefix("#") {
        slot = nil
      }
      var linked: Int?
      if let range = line.range(
        of: #"\]\((\.\./)?(Chapters/)?[0-9]{2}-"#, options: .regularExpression)
      {
        let digits = line[range].filter(\.isNumber).suffix(2)
        linked = Int(String(digits))
      }
      chapterOfLine[index] = linked ?? slot
    }
    return commands(in: lines).map { ($0, chapterOfLine[$0.line]) }
  }

  private static let cache = Cache()

  /// What `command` prints, standard output and error, run once a process.
  static func output(of command: Command) -> String {
    let key = command.text
    if let known = cache.lookup(key) { return known }
    let text: String
    do {
      let run = try Executable(command.executable).run(command.arguments, limit: 120)
      text = run.standardOutput + "\n" + run.standardError
    } catch {
      text = ""
    }
    cache.store(key, text)
    return text
  }

  private final class Cache: Sendable {
    private let outputs = Mutex<[String: String]>([:])
    func lookup(_ key: String) -> String? { outputs.withLock { $0[key] } }
    func store(_ key: String, _ text: String) { outputs.withLock { $0[key] = text } }
  }
}
