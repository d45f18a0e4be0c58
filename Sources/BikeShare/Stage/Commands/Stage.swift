import Foundation

/// How `replay`, `explore`, `stress` and `play` print (`html`: explore's atlas).
public enum StageFormat: String, Sendable, CaseIterable {
  case text, json, lanes, mermaid, html
}

/// What `replay`, `explore` and `stress` were asked for.
public struct StageOptions: Sendable, Equatable {
  public var story = Story.default
  public var riders = 2
  public var modes: [Mode] = Mode.both
  /// `replay --schedule`: the order to play (the rest follows without a switch).
  public var schedule: Schedule?
  /// `--schedule` as typed, read once `--riders` is known.
  var scheduleText: String?
  /// `explore --max-switches`: the most preemptions a schedule may have.
  public var maxSwitches: Int?
  /// `bikes-actors explore --scheduler jobs`: the runtime's jobs, not the probes.
  public var jobs = false
  /// `stress --runs`.
  public var runs = 10_000
  /// `stress --race-window-us` (the others are scripted).
  public var raceWindowMicroseconds = 0
  public var format = StageFormat.text
  public var failOnViolation = false
  /// The era's own options (`--lock`, `--fix`), as in a run.
  public var configuration = Configuration()

  public init() {}

  /// The gate's participants: the riders (or vans), and any the story adds.
  public var riderIndices: [Int] { story.plot.participants(riders: riders) }
}

/// An order in which riders pass their probe points, written
/// `A:arrive B:arrive B:window A:window`.
public struct Schedule: Sendable, Equatable, CustomStringConvertible {
  public let steps: [ScriptedGate.Step]

  public init(_ steps: [ScriptedGate.Step]) { self.steps = steps }

  public static func name(_ rider: Int) -> String {
    String(UnicodeScalar(UInt8(65 + rider)))
  }

  /// "A and B", "A, B and C".
  public static func names(_ riders: Int) -> String { names(of: Array(0..<riders)) }

  /// "A and X", "A, B and X": the participants `indices`, by name.
  public static func names(of indices: [Int]) -> String {
    let all = indices.map(name)
    guard all.count > 1 else { return all.joined() }
    return all.dropLast().joined(separator: ", ") + " and " + all[all.count - 1]
  }

  public var description: String {
    steps.map { "\(Self.name($0.rider)):\($0.point.word)" }
      .joined(separator: " ")
  }

  /// Reads `A:arrive B:window ...` for a stage of `riders` riders.
  public static func parse(_ text: String, riders: Int, story: Story = .default)
    throws(UsageError)
    -> Schedule
  {
    var steps: [ScriptedGate.Step] = []
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
    guard !words.isEmpty else { throw UsageError("--schedule is empty") }
    for (index, word) in words.enumerated() {
      let parts = word.split(separator: ":", omittingEmptySubsequences: false)
      let place = "--schedule step \(index + 1) '\(word)'"
      // An ASCII letter only: `ẚ` upper-cases to "Aʾ", and is no A.
      guard parts.count == 2, parts[0].count == 1, let typed = parts[0].first, typed.isASCII,
        let ascii = typed.uppercased().first?.asciiValue, ascii >= 65, Int(ascii) - 65 < 26
      else {
        throw UsageError("\(place): expected RIDER:POINT, such as A:arrive or B:window")
      }
      let rider = Int(ascii) - 65
      guard story.plot.participants(riders: riders).contains(rider) else {
        let who = story.plot.participant.many
        throw UsageError("\(place): the stage has \(who) \(story.plot.cast(riders: riders)) only")
      }
      let points = story.plot.points
      guard let point = points.first(where: { $0.word == parts[1].lowercased() }) else {
        let words = points.map(\.word)
        throw UsageError(
          "\(place): the point is \(words.dropLast().joined(separator: ", ")) or \(words.last!)")
      }
      steps.append(ScriptedGate.Step(rider, point))
    }
    return Schedule(steps)
  }
}

extension Stage {
  /// One JSON Lines object, keys sorted (`explore`, `stress`, `--scheduler jobs`).
  static func jsonLine(_ object: [String: Any]) -> String {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

extension [String: Any] {
  /// `callers` added when `--callers` was given another value than its default.
  func withCallers(_ options: StageOptions) -> [String: Any] {
    let callers = options.configuration.callers
    guard callers != .nonisolated else { return self }
    return merging(["callers": callers.rawValue]) { _, new in new }
  }
}
