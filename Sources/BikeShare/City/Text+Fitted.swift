extension Text {
  /// What a room can read: no text line wider than this.
  public static let roomWidth = 100

  /// An era's subcommands (this layer sits below `StageCommand`): a line
  /// `bikes-<era> <one of these> …` is a command to copy.
  private static let commandWords: Set = [
    "run", "replay", "explore", "stress", "play", "hazards", "starts",
  ]

  /// `text` with every line longer than `width` broken at spaces. A
  /// table's row goes on under its last column (the first character after
  /// the last gap of two or more spaces before the break, if it is left of
  /// the middle); any other line goes on two spaces in from its own indent.
  /// A word longer than a line is left whole; a command to copy breaks
  /// outside its quotes, with a backslash at the end of each piece.
  public static func fitted(_ text: String, width: Int = roomWidth) -> String {
    guard text.contains(where: { $0 == "\n" }) || text.count > width else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { fit(Array($0), width: width) }
      .joined(separator: "\n")
  }

  private static func fit(_ line: [Character], width: Int) -> String {
    guard line.count > width else { return String(line) }
    let lead = line.prefix { $0 == " " }.count
    var indent = lead + 2
    var index = lead + 1
    while index < min(line.count, width / 2) {
      if line[index] != " ", index >= 2, line[index - 1] == " ", line[index - 2] == " " {
        indent = index
      }
      index += 1
    }
    // A command to copy (`bikes-…`, `swift run …`) breaks outside its
    // quotes only, each piece ending in a backslash: it still pastes whole.
    let trimmed = line.dropFirst(lead)
    // A banner or an error that names its executable (`bikes-dispatch on
    // …`, `bikes-dispatch: …`) is a sentence: a command's second word is
    // an option or a subcommand. So is a heading that names a case
    // (`bikes-actors hazards resumed-twice: A and B …`).
    let words = String(trimmed).split(separator: " ", maxSplits: 2)
    let heading = words.count > 2 && words[2].split(separator: " ").first?.last == ":"
    let command =
      (trimmed.starts(with: "bikes-") && words.count > 1 && words[0].last != ":" && !heading
        && (words[1].hasPrefix("-") || commandWords.contains(String(words[1]))))
      || trimmed.starts(with: "swift run ")
    var lines: [String] = []
    var rest = line[...]
    var room = width - (command ? 2 : 0)
    while rest.count > room {
      let start = rest.startIndex
      // The last space at or before the edge, past the line's own indent.
      let edge = start + room
      var quoted = false
      var space: Int?
      for index in (start + (lines.isEmpty ? lead : 0))...edge {
        if rest[index] == "'" { quoted.toggle() }
        if rest[index] == " ", !command || !quoted { space = index }
      }
      guard let space, space > start else { break }
      lines.append(String(rest[..<space]).trimmingTrailingSpaces + (command ? " \\" : ""))
      rest = rest[(space + 1)...].drop { $0 == " " }
      room = width - indent - (command ? 2 : 0)
    }
    let pad = String(repeating: " ", count: indent)
    return (lines + [String(rest)]).enumerated()
      .map { $0.offset == 0 ? $0.element : pad + $0.element }
      .joined(separator: "\n")
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
