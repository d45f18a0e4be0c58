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

  /// Standard output holds `text` somewhere.
  public func prints(_ text: String) -> Bool { standardOutput.contains(text) }

  /// Standard output has this whole line.
  public func printsLine(_ line: String) -> Bool { outputLines.contains(line) }

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
