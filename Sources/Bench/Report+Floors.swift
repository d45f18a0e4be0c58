import Foundation

/// Sections 4 and 5 of the report: each floor beside the simplest one, and
/// each run against its floor of waiting and its second floor.
extension Report {
  /// Section 4: every era's floor beside its yardstick, at every size.
  func floorsTable() -> [String] {
    let steps = scale.filter { $0.floor != nil }
    guard let legs = steps.lazy.compactMap(\.floor).first?.legs,
      let largest = steps.map(\.riders).max()
    else { return [] }
    let intro =
      "4. The floors: each rider only waits out \(legs) legs of 1 ms, in the era's own"
      + " way (its queues, operations, threads under its cap, futures or tasks), nothing"
      + " else: \(Self.grouped(legs * largest)) waits at \(Self.grouped(largest)) riders."
      + " Beside it, the simplest floor: the same waiting written as simply as the era's"
      + " way allows, with none of its code (bikes-bench simplest-floor). Whole-process"
      + " wall time, the median of \(Run.processesInWords),"
      + " as the run is: each once, in turn with the run, then again, spread evenly over"
      + " the rest of the part; the floor's memory and threads."
    var lines =
      [""] + Self.wrapped(intro, width: 79).map { $0.hasPrefix("  ") ? " " + $0 : $0 } + [
        "",
        "era             riders    floor simplest x simplest  memory threads  limit",
      ]
    for step in steps {
      guard let floor = step.floor else { continue }
      lines.append(
        Self.row(
          .left(step.era, 14), .right(String(step.riders), 8),
          .right(Self.seconds(floor.wallSeconds), 9),
          .right(Self.seconds(step.simplest?.wallSeconds), 9),
          .right(Self.times(step.floorRatio), 11),
          .right(floor.peakMegabytes.map { String(format: "%.0f MB", $0) } ?? "-", 8),
          .right(floor.peakThreads.map(String.init) ?? "-", 8), .left("  ", 2),
          .left(floor.stopped ?? step.simplest?.stopped ?? "", 0)))
    }
    return lines
  }

  /// Section 5: each run against its floor of waiting and against its
  /// second floor, measured.
  func protectionTable() -> [String] {
    let steps = scale.filter { $0.secondFloor != nil }
    guard !steps.isEmpty else { return [] }
    var lines = [
      "",
      "5. Waiting and protection: the second floor is the floor's riders also",
      "   visiting 1,000 stations, before each leg and after the last, each visit",
      "   the era's bare primitive as many times as its safe visit needs it (below)",
      "   and nothing else; processes of their own, timed whole as the run is. Per",
      "   visit: what the visits added to the floor, over their number (~0: less",
      "   than the floor's own noise). x second: the run over its second floor.",
      "   The rest a visit: the run's processor time (user and system) less its",
      "   second floor's, over the run's visits: what the playground does that is",
      "   neither waiting nor the bare primitive (the journey, the station's audit,",
      "   the era's bookkeeping).",
      "",
      "era             riders      visits  per visit   second     wall x floor x second  rest a visit",
    ]
    for step in steps {
      lines.append(
        Self.row(
          .left(step.era, 14), .right(String(step.riders), 8),
          .right(step.visits.map(Self.grouped) ?? "-", 12),
          .right(step.nsPerVisit.map { $0 > 0 ? Self.ns($0) : "~0" } ?? "-", 11),
          .right(Self.seconds(step.secondFloorSeconds), 9),
          .right(Self.seconds(step.wallSeconds), 9),
          .right(Self.times(step.ratio), 8), .right(Self.times(step.secondRatio), 9),
          .right(step.restMicrosecondsPerVisit.map { Self.ns($0 * 1_000) } ?? "-", 14)))
    }
    let primitives = steps.compactMap { step -> String? in
      guard let second = step.secondFloor, let name = second.primitive,
        let count = second.perVisit
      else { return nil }
      return "\(step.runEra): \(name), \(count) a visit" + (second.why.map { " (\($0))" } ?? "")
    }.firstOfEach
    lines +=
      [""]
      + Self.wrapped("a visit: " + primitives.joined(separator: "; "), width: 77).map {
        "   " + $0
      }
    return lines
  }
}
