/// Reads a command line one option at a time, as `--riders 5` or `--riders=5`.
/// Shared by the eras' parser, `bikes-side-by-side` and `bikes-bench`.
public struct OptionReader {
  private var words: ArraySlice<String>
  /// The word as typed (`--riders=5`).
  public private(set) var word = ""
  /// The option without an inline value (`--riders`).
  public private(set) var flag = ""
  /// The value after `=`, if the word had one.
  public private(set) var inlineValue: String?

  public init(_ words: ArraySlice<String>) { self.words = words }

  /// Moves to the next word; false once there is none.
  public mutating func advance() -> Bool {
    guard let next = words.popFirst() else { return false }
    word = next
    flag = next
    inlineValue = nil
    if next.hasPrefix("--"), let equals = next.firstIndex(of: "=") {
      flag = String(next[..<equals])
      inlineValue = String(next[next.index(after: equals)...])
    }
    return true
  }

  /// The option's value: after `=`, or the next word, which must not be an option.
  public mutating func value() throws(UsageError) -> String {
    if let inlineValue { return inlineValue }
    guard let next = words.first, !next.hasPrefix("--") else {
      throw UsageError("\(flag) needs a value")
    }
    words = words.dropFirst()
    return next
  }

  /// The next word if it could be this option's value (not an option itself), consumed.
  public mutating func followingValue() -> String? {
    guard inlineValue == nil, let next = words.first, !next.hasPrefix("--") else { return nil }
    words = words.dropFirst()
    return next
  }

  /// Whether `--help` or `-h` stands where an option can stand. A word is
  /// skipped as a value exactly when `value()` would take it: `--lock -h` is
  /// a lock called "-h", but in `--riders --help` the `--help` is no value
  /// (`value()` refuses words that start with `--`), so it is help.
  public static func asksForHelp(
    _ words: ArraySlice<String>, takesValue: (String) -> Bool
  ) -> Bool {
    asks(for: ["--help", "-h"], words, takesValue: takesValue)
  }

  /// Whether `--version` stands where an option can stand, read as help is:
  /// it wins over anything before or after it, in every executable
  /// (`--bogus --version` prints the version, as `--bogus --help` the help).
  public static func asksForVersion(
    _ words: ArraySlice<String>, takesValue: (String) -> Bool
  ) -> Bool {
    asks(for: ["--version"], words, takesValue: takesValue)
  }

  private static func asks(
    for flags: Set<String>, _ words: ArraySlice<String>, takesValue: (String) -> Bool
  ) -> Bool {
    var reader = OptionReader(words)
    while reader.advance() {
      if flags.contains(reader.flag) { return true }
      if takesValue(reader.flag), reader.inlineValue == nil,
        let next = reader.words.first, !next.hasPrefix("--")
      {
        reader.words = reader.words.dropFirst()
      }
    }
    return false
  }
}
