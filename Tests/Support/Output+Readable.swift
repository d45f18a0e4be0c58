import BikeShare
import Foundation
import Testing

/// A failing expectation about a child's output shows a summary of it, not
/// thousands of characters of JSON: its status, its line counts and the first
/// and last lines of each stream, each cut to 120 characters. The whole
/// output on request: `BIKES_TEST_OUTPUT=full swift test --filter ...`.
extension Executable.Output: CustomTestStringConvertible {
  public var testDescription: String {
    if ProcessInfo.processInfo.environment["BIKES_TEST_OUTPUT"] == "full" {
      return "exit \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }
    func summary(_ name: String, _ lines: [String]) -> String {
      func cut(_ line: String) -> String {
        line.count <= 120 ? line : line.prefix(117) + "..."
      }
      switch lines.count {
      case 0: return "\(name): nothing"
      case 1: return "\(name): 1 line: \(cut(lines[0]))"
      default:
        return "\(name): \(lines.count) lines, first: \(cut(lines[0])), last: \(cut(lines.last!))"
      }
    }
    return "exit \(status); \(summary("stdout", outputLines)); \(summary("stderr", errorLines))"
      + " (BIKES_TEST_OUTPUT=full for all of it)"
  }

  /// Standard output holds `text` somewhere (as printed, or as one line
  /// before the report was fitted to a room's width).
  public func prints(_ text: String) -> Bool {
    standardOutput.contains(text) || unfittedLines.joined(separator: "\n").contains(text)
  }

  /// Standard output has this whole line (as printed, or unfitted).
  public func printsLine(_ line: String) -> Bool {
    outputLines.contains(line) || unfittedLines.contains(line)
  }

  /// Standard output's lines as they were before `Text.fitted` broke the
  /// long ones: a line that goes on the line before is joined to it. A line
  /// goes on the one before when it is indented further than the line it
  /// continues began and its first word would not have fitted on the line
  /// before (`Text.roomWidth`), which is where the fitting breaks a line,
  /// or the line before is a command's piece, ending in a backslash.
  public var unfittedLines: [String] {
    var lines: [String] = []
    var (lead, last) = (0, "")
    for line in outputLines {
      let indent = line.prefix { $0 == " " }.count
      let word = line.dropFirst(indent).prefix { $0 != " " }
      if !lines.isEmpty, indent > lead, !word.isEmpty,
        last.hasSuffix(" \\")
          || (last.count + 1 + word.count > Text.roomWidth && last.count <= Text.roomWidth)
      {
        // A command's piece ends in a backslash (`Text.fitted`).
        if lines[lines.count - 1].hasSuffix(" \\") { lines[lines.count - 1].removeLast(2) }
        lines[lines.count - 1] += " " + line.dropFirst(indent)
      } else {
        lines.append(line)
        lead = indent
      }
      last = line
    }
    return lines
  }

  /// One field of a JSON Lines report, by its path (`config.lock`), written
  /// compactly (`barrier`, `60`, `[]`), or nil where there is no such line or
  /// field: an expectation on it shows that value and not the whole line.
  public func field(_ path: String, line index: Int = 0) -> String? {
    guard outputLines.indices.contains(index),
      var value = try? JSONSerialization.jsonObject(
        with: Data(outputLines[index].utf8), options: [.fragmentsAllowed])
    else { return nil }
    for key in path.split(separator: ".") {
      guard let object = value as? [String: Any], let inner = object[String(key)] else {
        return nil
      }
      value = inner
    }
    switch value {
    case let text as String: return text
    case is NSNull: return "null"
    case let number as NSNumber: return number.stringValue
    default:
      guard
        let data = try? JSONSerialization.data(
          withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
      else { return nil }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
