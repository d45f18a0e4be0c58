/// Text from outside (station names from a city file or URL, arguments),
/// made safe to print on one line of a terminal.
public enum Text {
  /// Control characters written out as Swift escapes (`\n`, `\t`, `\u{1B}`),
  /// so a name can neither break a line nor send the terminal a command:
  /// the C0 and C1 controls, the line and paragraph separators (U+2028,
  /// U+2029, which Unicode-aware readers split lines on) and the bidi
  /// controls (U+202E and its kin, which reorder the rest of a line).
  public static func escaped(_ text: String) -> String {
    // Printable ASCII, as most names are: nothing to escape, and no
    // scalar's Unicode properties to look up (a city's 1,000 names).
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _
      where scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .lineSeparator
        || scalar.properties.generalCategory == .paragraphSeparator
        || scalar.properties.isBidiControl:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Escaped, and cut to `limit` characters with an ellipsis: for a value
  /// quoted inside a message.
  public static func quoted(_ text: String, limit: Int = 80) -> String {
    let safe = escaped(text)
    return safe.count <= limit ? safe : String(safe.prefix(limit - 1)) + "…"
  }
}
