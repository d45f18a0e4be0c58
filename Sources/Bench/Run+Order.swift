import BikeShare
import Foundation

/// Part 5 of the bench: the price of order, per era. Each era's `starts`
/// (release build, `--format json`) times the way its order story's racy
/// mode sends a request and the tool its safe mode keeps order with, pair
/// after pair: what keeping order costs a request, beside how often the
/// racy way let a later one begin first.
struct OrderStep: Codable, Sendable, Equatable {
  let era: String
  let racyWay, safeWay: String
  let pairs: Int
  let racyMicroseconds, safeMicroseconds: Double
  /// Pairs of the racy way whose second began first.
  let racySecondFirst: Int

  enum CodingKeys: String, CodingKey {
    case era, pairs
    case racyWay = "racy_way"
    case safeWay = "safe_way"
    case racyMicroseconds = "racy_microseconds_a_pair"
    case safeMicroseconds = "safe_microseconds_a_pair"
    case racySecondFirst = "racy_second_first"
  }
}

extension Run {
  func order() throws -> [OrderStep] {
    let pairs = options.quick ? 500 : 20_000
    Console.error("bench: order (\(pairs) pairs a way, the story's racy way and its safe one)")
    var steps: [OrderStep] = []
    for era in options.eras {
      note(era)
      let run = try Spawn.run(
        path(era), ["starts", "--pairs", "\(pairs)", "--format", "json"], limit: 300)
      guard run.status == 0,
        let report = try? JSONDecoder().decode(StartsJSON.self, from: Data(run.output.utf8)),
        let racy = report.ways.first(where: { $0.story == "racy" }),
        let safe = report.ways.first(where: { $0.story == "safe" })
      else {
        throw EraFailed(era: era, detail: "exit \(run.status) from starts --format json")
      }
      steps.append(
        OrderStep(
          era: era, racyWay: racy.name, safeWay: safe.name, pairs: pairs,
          racyMicroseconds: racy.microsecondsAPair, safeMicroseconds: safe.microsecondsAPair,
          racySecondFirst: racy.secondFirst))
    }
    return steps
  }
}

extension Report {
  /// Section 7: the price of order.
  func orderTable() -> [String] {
    guard let pairs = order.first?.pairs else { return [] }
    let heading = [
      "7. The price of order: the order story's two ways to send work, \(Self.grouped(pairs))",
      "   pairs each (`bikes-<era> starts`): µs a pair, the way's and the runner's (a task",
      "   and a continuation a pair, the same in every row); x: safe over racy; 2nd first:",
      "   pairs of the racy way whose second began first.",
    ]
    let columns: [Column] = [
      .left("era", 11), .left("racy way", 30), .right("µs", 5), .left(" safe way", 33),
      .right("µs", 6), .right("x", 5), .right("2nd first", 10),
    ]
    return Self.section(
      heading, columns,
      order.map { step in
        [
          step.era, step.racyWay, Self.micro(step.racyMicroseconds), " " + step.safeWay,
          Self.micro(step.safeMicroseconds),
          Self.times(step.safeMicroseconds / max(step.racyMicroseconds, 0.001)),
          Self.grouped(step.racySecondFirst),
        ]
      })
  }

  static func micro(_ value: Double) -> String { String(format: "%.1f", value) }
}
