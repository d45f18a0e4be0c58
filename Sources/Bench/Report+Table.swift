import Foundation

extension Report {
  /// One cell of a text table: its text padded to its width, on the left or
  /// the right; a longer text is never cut (the last column's width is 0).
  enum Cell {
    case left(String, Int)
    case right(String, Int)

    var text: String {
      switch self {
      case .left(let text, let width):
        text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
      case .right(let text, let width): text.leftPadded(width)
      }
    }
  }

  /// A row of a text table.
  static func row(_ cells: Cell...) -> String { cells.map(\.text).joined() }

  /// A column of a text table: its title, width and side.
  struct Column {
    let title: String
    let width: Int
    let right: Bool

    static func left(_ title: String, _ width: Int) -> Column {
      Column(title: title, width: width, right: false)
    }
    static func right(_ title: String, _ width: Int) -> Column {
      Column(title: title, width: width, right: true)
    }

    func cell(_ text: String) -> Cell { right ? .right(text, width) : .left(text, width) }
  }

  /// A section of the report: a blank line, its heading, a blank line, the
  /// titles' row, then a row for each list of texts.
  static func section(_ heading: [String], _ columns: [Column], _ rows: [[String]]) -> [String] {
    [""] + heading + [""]
      + ([columns.map(\.title)] + rows).map { texts in
        zip(columns, texts).map { column, text in column.cell(text).text }.joined()
      }
  }
}
