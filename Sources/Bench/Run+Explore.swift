import BikeShare
import Foundation

/// Part 8 of the bench: the explorer's speed, per era and story. Each era's
/// `explore` (release build, racy mode, `--format json`) walks every
/// schedule of a story, each one the era's real code held and released at
/// its probe points, in a process of its own: schedules a second, and the
/// process's wall time beside its processor time. An explorer whose wall
/// time runs far past its processor time is idle: waiting, say, for a
/// thread pool to grow.
struct ExploreStep: Codable, Sendable, Equatable {
  let era: String
  let story: String
  let riders: Int
  let schedules: Int
  let wallSeconds: Double
  let processorSeconds: Double
  /// Kept with the figures it comes from, so that the JSON carries it.
  let schedulesASecond: Double

  enum CodingKeys: String, CodingKey {
    case era, story, riders, schedules
    case wallSeconds = "wall_seconds"
    case processorSeconds = "processor_seconds"
    case schedulesASecond = "schedules_a_second"
  }

  init(
    era: String, story: String, riders: Int, schedules: Int, wallSeconds: Double,
    processorSeconds: Double
  ) {
    (self.era, self.story, self.riders, self.schedules) = (era, story, riders, schedules)
    (self.wallSeconds, self.processorSeconds) = (wallSeconds, processorSeconds)
    schedulesASecond = Double(schedules) / max(wallSeconds, 0.001)
  }
}

extension ExploreStep {
  /// The process of the median wall time (of an even count, the upper
  /// middle), with its own processor time: nil for none.
  static func median(_ runs: [ExploreStep]) -> ExploreStep? {
    let sorted = runs.sorted { $0.wallSeconds < $1.wallSeconds }
    return sorted.isEmpty ? nil : sorted[sorted.count / 2]
  }
}

extension Run {
  /// The stories explored, each with its largest rider count (quick: smaller).
  var exploredStories: [(story: String, riders: Int)] {
    options.quick ? [("wait", 2), ("cancel", 3)] : [("wait", 3), ("cancel", 4), ("order", 4)]
  }

  /// Processes an era and story: the eras interleaved, round after round,
  /// so that the machine's drift falls on every era alike (quick: one).
  var exploreRounds: Int { options.quick ? 1 : 3 }

  func explore() throws -> [ExploreStep] {
    Console.error(
      "bench: explore (every schedule of each story, racy mode, a process each, "
        + "\(exploreRounds) round\(exploreRounds == 1 ? "" : "s"))")
    var runs: [String: [ExploreStep]] = [:]
    for _ in 0..<exploreRounds {
      for era in options.eras {
        note(era)
        for (story, riders) in exploredStories {
          runs["\(era) \(story)", default: []].append(
            try exploreOnce(era: era, story: story, riders: riders))
        }
      }
    }
    return options.eras.flatMap { era in
      exploredStories.compactMap { story, _ in ExploreStep.median(runs["\(era) \(story)"] ?? []) }
    }
  }

  private func exploreOnce(era: String, story: String, riders: Int) throws -> ExploreStep {
    let run = try Spawn.run(
      path(era),
      [
        "explore", "--story", story, "--riders", "\(riders)", "--mode", "racy", "--format",
        "json",
      ],
      limit: 600)
    guard run.status == 0, !run.timedOut,
      let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("{") }),
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let schedules = object["schedules"] as? Int
    else {
      throw EraFailed(era: era, detail: "exit \(run.status) from explore --story \(story)")
    }
    return ExploreStep(
      era: era, story: story, riders: riders, schedules: schedules,
      wallSeconds: run.seconds, processorSeconds: run.processorSeconds)
  }
}

extension Report {
  /// Section 8: the explorer's speed.
  func exploreTable() -> [String] {
    guard !explore.isEmpty else { return [] }
    let heading = [
      "8. The explorer's speed: every schedule of a story in racy mode (`bikes-<era> explore`),",
      "   a process each, the eras in turn, three rounds (quick: one): the median process's",
      "   schedules a second, and the wall and processor seconds of that whole process;",
      "   x fastest: the era's schedules a second under the fastest era's, for the story.",
    ]
    let columns: [Column] = [
      .left("era", 11), .left("story", 8), .right("riders", 6), .right("schedules", 10),
      .right("a second", 9), .right("wall s", 9), .right("cpu s", 9), .right("x fastest", 10),
    ]
    var fastest: [String: Double] = [:]
    for step in explore {
      fastest[step.story] = max(fastest[step.story] ?? 0, step.schedulesASecond)
    }
    return Self.section(
      heading, columns,
      explore.map { step in
        [
          step.era, step.story, String(step.riders), Self.grouped(step.schedules),
          Self.grouped(Int(step.schedulesASecond.rounded())), Self.seconds(step.wallSeconds),
          Self.seconds(step.processorSeconds),
          Self.times((fastest[step.story] ?? 0) / max(step.schedulesASecond, 0.001)),
        ]
      })
  }
}

extension Report {
  /// A report of a run from before the explore part reads as one without it.
  init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    self.init(machine: try values.decode(Machine.self, forKey: .machine))
    operations = try values.decode([OperationCost].self, forKey: .operations)
    throughput = try values.decode([Throughput].self, forKey: .throughput)
    scale = try values.decode([ScaleStep].self, forKey: .scale)
    callOffs = try values.decode([CallOffStep].self, forKey: .callOffs)
    order = try values.decode([OrderStep].self, forKey: .order)
    explore = try values.decodeIfPresent([ExploreStep].self, forKey: .explore) ?? []
    reading = try values.decode([String].self, forKey: .reading)
  }
}
