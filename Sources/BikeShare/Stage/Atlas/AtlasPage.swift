import Foundation

/// The atlas as one self-contained page: inline CSS, JavaScript and data,
/// nothing fetched, so it works opened from disk with the network off.
///
/// The data is the `Atlas` JSON, in a `<script type="application/json">`
/// with every `<`, `>` and `&` written as a `\u` escape, so that no text in
/// it (a station's name from a city file, say) can close the element or
/// open another. The script shows every text through `textContent`, never
/// as markup. The page is well-formed XML as well as HTML (the tests parse
/// it as XML).
public enum AtlasPage {
  /// The page's data: a tab for each atlas.
  public struct Book: Codable, Sendable, Equatable {
    public let title: String
    public let atlases: [Atlas]

    public init(title: String, atlases: [Atlas]) {
      self.title = title
      self.atlases = atlases
    }
  }

  /// "callbacks: every schedule of the slot story, 3 riders" (`who`: an era,
  /// or "Every era").
  public static func title(_ who: String, _ stage: StageOptions) -> String {
    "\(who): every schedule of the \(stage.story.rawValue) story, \(stage.riders)"
      + " \(stage.story.plot.participants(stage.riders))"
  }

  /// The page for `book`.
  public static func html(_ book: Book) -> String {
    fill(template, ["title": escape(book.title), "data": json(book)])
  }

  /// The JSON of `book`, safe inside a `<script>` element.
  public static func json(_ book: Book) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = (try? encoder.encode(book)) ?? Data("{}".utf8)
    var text = ""
    for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "<": text += "\\u003c"
      case ">": text += "\\u003e"
      case "&": text += "\\u0026"
      case "\u{2028}": text += "\\u2028"
      case "\u{2029}": text += "\\u2029"
      // Characters XML 1.0 forbids, written as JSON escapes: the page stays
      // well-formed, and the data reads back the same.
      case "\u{FFFE}": text += "\\ufffe"
      case "\u{FFFF}": text += "\\uffff"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// The data embedded in `page`, read back (the tests, and the side-by-side
  /// page, which gathers every era's).
  public static func book(in page: String) -> Book? {
    guard let open = page.range(of: #"<script type="application/json" id="atlas-data">"#),
      let close = page.range(of: "</script>", range: open.upperBound..<page.endIndex)
    else { return nil }
    return try? JSONDecoder().decode(
      Book.self, from: Data(page[open.upperBound..<close.lowerBound].utf8))
  }

  /// Text for an element's content or an attribute. It works on Unicode
  /// scalars, not characters: a `<` that a combining mark follows is one
  /// character with the mark, and must still be escaped.
  /// XML 1.0's `Char`: tab, line feed, carriage return, and everything from
  /// U+0020 but U+FFFE and U+FFFF (surrogates are no scalars).
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  static func escape(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "<": out.append(contentsOf: "&lt;".unicodeScalars)
      case ">": out.append(contentsOf: "&gt;".unicodeScalars)
      case "&": out.append(contentsOf: "&amp;".unicodeScalars)
      case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
      case "'": out.append(contentsOf: "&#39;".unicodeScalars)
      // XML 1.0 forbids them even as references: shown as U+FFFD.
      case _ where !isXMLCharacter(scalar): out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// The page's skeleton, style and script, from the package's resources
  /// (`Resources/atlas/`: web files an editor and a browser read as such).
  static let template: String = {
    func read(_ name: String, _ ext: String) -> String {
      guard
        let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "atlas"),
        let text = try? String(contentsOf: url, encoding: .utf8)
      else { return "" }
      return text
    }
    // The style and the script go in before anything from outside does, so
    // that no outside text can ever be read as a placeholder.
    return fill(
      read("atlas", "html"), ["style": read("atlas", "css"), "script": read("atlas", "js")],
      keep: ["title", "data"])
  }()

  /// `text` with every `{{name}}` of `values` replaced, in one pass from
  /// the start: what goes in is never read again, so a value that holds
  /// `{{data}}` stays text. A name in `keep` stays as it is (for a later
  /// pass over the skeleton only).
  static func fill(_ text: String, _ values: [String: String], keep: Set<String> = []) -> String {
    var out = ""
    var rest = text[...]
    while let open = rest.range(of: "{{") {
      out += rest[..<open.lowerBound]
      guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
        rest = rest[open.lowerBound...]
        break
      }
      let name = String(rest[open.upperBound..<close.lowerBound])
      if let value = values[name], !keep.contains(name) {
        out += value
      } else {
        out += rest[open.lowerBound..<close.upperBound]
      }
      rest = rest[close.upperBound...]
    }
    return out + rest
  }
}
