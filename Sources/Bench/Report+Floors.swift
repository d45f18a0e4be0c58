import Foundation

/// Sections 4 and 5 of the report: the floors side by side, and each run
/// against its floor of waiting and its second floor.
extension Report {
  /// Section 4: every era's floor at every size, side by side.
  func floorsTable() -> [String] {
    let sizes = scale.map(\.riders).firstOfEach
    let eras = scale.map(\.era).firstOfEach
    guard let legs = scale.lazy.compactMap(\.floor).first?.legs, let largest = sizes.last else {
      return []
    }
    var lines = [
      "",
      "4. The floors: each rider only waits out \(legs) legs of 1 ms, in the era's own",
      "   way (its queues, operations, threads under its cap, futures or tasks),",
      "   nothing else: \(Self.grouped(legs * largest)) waits at \(Self.grouped(largest)) riders. Whole-process",
      "   wall time; memory and threads at the most riders measured.",
      "",
      "era           " + sizes.map { "\($0) riders".leftPadded(14) }.joined()
        + "   memory  threads  limit",
    ]
    for era in eras {
      let floors = sizes.map { size in
        scale.first { $0.era == era && $0.riders == size }?.floor
      }
      let last = floors.last { $0 != nil } ?? nil
      lines.append(
        era.padding(toLength: 14, withPad: " ", startingAt: 0)
          + floors.map { Self.seconds($0?.wallSeconds).leftPadded(14) }.joined()
          + (last?.peakMegabytes.map { String(format: "%.0f MB", $0) } ?? "-").leftPadded(9)
          + (last?.peakThreads.map(String.init) ?? "-").leftPadded(9) + "  "
          + (floors.compactMap { $0?.stopped }.first ?? ""))
    }
    return lines
  }

  /// Section 5: each run against its floor of waiting and against its
  /// second floor, which adds the era's bare primitive once per visit.
  func protectionTable() -> [String] {
    let steps = scale.filter { $0.secondFloorSeconds != nil }
    guard !steps.isEmpty else { return [] }
    var lines = [
      "",
      "5. Waiting and protection: the second floor is the floor (section 4) plus the",
      "   era's bare primitive (section 1, its median with the fewest riders) once",
      "   for every station visit the run made. x floor: the run over its floor;",
      "   x second: over the second floor; what is left is neither waiting nor",
      "   the bare primitive.",
      "",
      "era             riders      visits  per visit   floor  second     wall x floor x second",
    ]
    for step in steps {
      guard let protection = step.protection, let visits = step.visits else { continue }
      lines.append(
        Self.row(
          .left(step.era, 14), .right(String(step.riders), 8),
          .right(Self.grouped(visits), 12), .right(Self.ns(protection.nsPerVisit), 11),
          .right(Self.seconds(step.floor?.wallSeconds), 8),
          .right(Self.seconds(step.secondFloorSeconds), 8),
          .right(Self.seconds(step.wallSeconds), 9),
          .right(Self.times(step.ratio), 8), .right(Self.times(step.secondRatio), 9)))
    }
    let primitives = steps.compactMap { step in
      step.protection.map { "\(step.runEra): \($0.primitive)" }
    }.firstOfEach
    lines +=
      [""]
      + Self.wrapped("per visit: " + primitives.joined(separator: "; "), width: 77).map {
        "   " + $0
      }
    return lines
  }
}
