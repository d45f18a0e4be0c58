import BikeShare
import Foundation

/// Everything one run measured, and what it says in plain words.
struct Report: Codable, Sendable {
  let machine: Machine
  var operations: [OperationCost] = []
  var throughput: [Throughput] = []
  var scale: [ScaleStep] = []
  var callOffs: [CallOffStep] = []
  var order: [OrderStep] = []
  var explore: [ExploreStep] = []
  var reading: [String] = []

  init(machine: Machine) { self.machine = machine }

  enum CodingKeys: String, CodingKey {
    case machine, operations, throughput, scale, reading, order, explore
    case callOffs = "call_offs"
  }

  /// How a figure that is not a number is written: "inf", "-inf", "nan".
  private static let notANumber = (positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: Self.notANumber.positiveInfinity,
      negativeInfinity: Self.notANumber.negativeInfinity, nan: Self.notANumber.nan)
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// A report `json()` wrote; nil if `data` is not one.
  static func decoded(from data: Data) -> Report? {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: notANumber.positiveInfinity,
      negativeInfinity: notANumber.negativeInfinity, nan: notANumber.nan)
    return try? decoder.decode(Report.self, from: data)
  }

  // MARK: - Text

  /// Nanoseconds in the unit that reads best; a negative one too (a run
  /// that used less processor time than its second floor has a rest below 0).
  static func ns(_ value: Double) -> String {
    abs(value) >= 1_000
      ? String(format: "%.1f µs", value / 1_000) : String(format: "%.0f ns", value)
  }

  static func times(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return value >= 10 ? String(format: "%.0fx", value) : String(format: "%.1fx", value)
  }

  func text(_ options: BenchOptions) -> [String] {
    var lines: [String] = []
    if !operations.isEmpty {
      lines += [
        "", "1. A take or a leave on one station (ns per operation, all riders together;",
        "   median of \(options.repetitions) rounds, [min-max]; x atomic: over one atomic add;",
        "   x bare: over the era's own primitive doing nothing, with as many riders)",
      ]
      for riders in options.riderCounts {
        lines.append("")
        lines.append(
          "era        case                                 riders  per operation [min-max]    x atomic  x bare"
        )
        for cost in operations where cost.riders == riders || cost.era == "machine" {
          if cost.era == "machine" && riders != options.riderCounts.first { continue }
          let spread =
            "\(Self.ns(cost.ns.median)) [\(Self.ns(cost.ns.min))-\(Self.ns(cost.ns.max))]"
          lines.append(
            Self.row(
              .left(cost.era, 11), .left(cost.case, 37), .right(String(cost.riders), 6),
              .left("", 2), .left(spread, 27), .right(Self.times(cost.timesAtomic), 8),
              .right(Self.times(cost.timesBare), 8)))
        }
      }
    }
    if !throughput.isEmpty {
      lines += [
        "", "2. The whole simulation with 0 ms legs, 1,000 stations of 200 docks",
        "   (station visits a second, median [min-max]; threads: the most alive at once)", "",
        "era        mode   riders   visits/s [min-max]                threads",
      ]
      for row in throughput {
        let spread =
          "\(Int(row.visitsPerSecond.median)) [\(Int(row.visitsPerSecond.min))-\(Int(row.visitsPerSecond.max))]"
        lines.append(
          Self.row(
            .left(row.era, 11), .left(row.mode, 6), .right(String(row.riders), 7),
            .left("", 3), .left(spread, 34), .right(row.peakThreads.map(String.init) ?? "-", 7)))
      }
    }
    if !scale.isEmpty {
      let intro =
        "3. Scale: safe mode, 1 ms legs, 1,000 stations of 200 docks, each run the median"
        + " of \(Run.processesInWords), beside its floor (the same riders only waiting"
        + " out their legs in the era's own way: section 4). An era stops scaling where"
        + " ten times the riders take over ten times as long; it goes on unless it"
        + " failed, ran past the time limit, or would at the pace of the step before"
        + " (then it is not run; its floor still is)."
      lines += [""] + Self.wrapped(intro, width: 79).map { $0.hasPrefix("  ") ? " " + $0 : $0 }
      lines += [
        "",
        "era             riders     wall    floor x floor  memory threads  stopped scaling",
      ]
      for step in scale {
        lines.append(
          step.era.padding(toLength: 14, withPad: " ", startingAt: 0)
            + String(step.riders).leftPadded(8)
            + Self.seconds(step.wallSeconds).leftPadded(9)
            + Self.seconds(step.floor?.wallSeconds).leftPadded(9)
            + Self.times(step.ratio).leftPadded(8)
            + (step.peakMegabytes.map { String(format: "%.0f MB", $0) } ?? "-").leftPadded(8)
            + (step.peakThreads.map(String.init) ?? "-").leftPadded(8) + "  "
            + (step.stopped ?? ""))
      }
      lines += floorsTable() + protectionTable()
    }
    lines += callOffTable()
    lines += orderTable()
    lines += exploreTable()
    if !reading.isEmpty {
      lines += ["", "In plain words:"] + reading.flatMap { Self.wrapped("- " + $0, width: 80) }
    }
    return lines
  }

  /// 1900000 as 1,900,000, whatever the locale.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    let groups = stride(from: digits.count, to: 0, by: -3).map { end in
      String(digits.dropLast(digits.count - end).suffix(3))
    }
    return (value < 0 ? "-" : "") + groups.reversed().joined(separator: ",")
  }

  static func seconds(_ value: Double?) -> String {
    value.map { String(format: "%.2f s", $0) } ?? "-"
  }

  /// `text` in lines of at most `width` columns, continuation lines indented
  /// by two; a figure keeps its unit on its line ("0.04 s", "9.2 µs").
  static func wrapped(_ text: String, width: Int) -> [String] {
    var words: [String] = []
    for word in text.split(separator: " ").map(String.init) {
      let unit = word.prefix { $0.isLetter || $0 == "%" }
      let isUnit = ["s", "ms", "µs", "ns", "MB", "%"].contains(String(unit))
      if isUnit, word.dropFirst(unit.count).allSatisfy({ ",.;:)".contains($0) }),
        let last = words.last, last.last?.isNumber == true
      {
        words[words.count - 1] = last + " " + word
      } else {
        words.append(word)
      }
    }
    var lines: [String] = []
    var line = ""
    for word in words {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = "  " + word
      } else {
        line += line.isEmpty ? String(word) : " " + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  // MARK: - The reading

  /// One sentence per era from what was measured, with one rider.
  func plainWords() -> [String] {
    var sentences: [String] = []
    let eras = operations.map(\.era).firstOfEach
    for era in eras where era != "machine" {
      let single = operations.filter { $0.era == era && $0.riders == 1 }
      guard
        let safe = single.first(where: {
          $0.case.hasPrefix("safe") && !$0.case.contains("station calls only")
        }),
        let bare = safe.bareCase
      else { continue }
      var sentence =
        "\(era): a safe take or leave (\(safe.case)) costs \(Self.ns(safe.ns.median)),"
        + " \(Self.times(safe.timesBare)) its bare primitive"
        + " (\(bare.replacingOccurrences(of: "bare: ", with: ""))) and"
        + " \(Self.times(safe.timesAtomic)) an atomic add"
      if let racy = single.first(where: { $0.case.hasPrefix("racy") }) {
        sentence +=
          "; its racy pair costs \(Self.times(racy.ns.median / safe.ns.median)) the safe one"
      }
      let rows = throughput.filter { $0.era == era }
      if rows.count == 2 {
        let racy = rows[0].visitsPerSecond.median
        let safe = rows[1].visitsPerSecond.median
        sentence += String(
          format: "; the whole run does %.1fx the racy visits a second", safe / racy)
      }
      sentences.append(sentence + ".")
    }
    for era in scale.map(\.era).firstOfEach {
      let steps = scale.filter { $0.era == era }
      var sentence = ""
      if let last = steps.last(where: { $0.wallSeconds != nil }), let wall = last.wallSeconds {
        sentence =
          "\(era) ran \(last.riders) riders in \(String(format: "%.2f", wall)) s with"
          + " \(last.peakMegabytes.map { String(format: "%.0f MB", $0) } ?? "?") at most"
        if let ratio = last.ratio, let floor = last.floor?.wallSeconds {
          sentence +=
            ", \(Self.times(ratio)) its floor (\(String(format: "%.2f", floor)) s"
            + " only to wait out the legs"
            + (last.floorRatio.map { ", \(Self.times($0)) the simplest floor" } ?? "") + ")"
        }
        if let second = last.secondRatio, let seconds = last.secondFloorSeconds,
          let primitive = last.secondFloor?.primitive, let count = last.secondFloor?.perVisit
        {
          sentence +=
            " and \(Self.times(second)) its second floor (\(String(format: "%.2f", seconds)) s:"
            + " the floor and its bare primitive, \(primitive), \(count) a visit)"
          if second > 1.25, let wall = last.wallSeconds {
            sentence +=
              "; the rest, \(String(format: "%.2f", wall - seconds)) s, is neither waiting"
              + " nor the bare primitive"
              + (last.restMicrosecondsPerVisit.map {
                " (\(Self.ns($0 * 1_000)) of processor time a visit)"
              } ?? "")
          }
        }
      }
      if let stop = steps.first(where: { $0.stopped != nil }) {
        sentence +=
          (sentence.isEmpty ? "\(era) stopped" : "; it stopped")
          + " scaling at \(stop.riders) riders (\(stop.stopped ?? ""))"
      }
      if !sentence.isEmpty { sentences.append(sentence + ".") }
    }
    return sentences
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension Array where Element: Equatable {
  /// Each element once, where it first appears.
  var firstOfEach: [Element] {
    reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }
}
