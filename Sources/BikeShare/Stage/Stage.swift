import Foundation

/// The small stage that `replay`, `explore` and `stress` play: one station
/// and a few riders, each making one visit, all wanting the same thing.
public enum Story: String, Sendable, CaseIterable, Codable {
  /// The README's story: riders arrive by bike, and there is one empty slot.
  case slot
  /// Riders arrive on foot, and there is one free bike.
  case bike
  /// Two stations, and vans that each move one bike from one to the other
  /// (`Transfer.swift`).
  case transfer

  /// The one station of the slot and bike stories (the transfer's first).
  public var station: StationRecord {
    switch self {
    case .slot: StationRecord(id: "replay", name: "Rossio", freeBikes: 5, emptySlots: 1)
    case .bike: StationRecord(id: "replay", name: "Rossio", freeBikes: 1, emptySlots: 5)
    case .transfer: Self.transferStations[0]
    }
  }

  public var want: Want { self == .slot ? .emptySlot : .bike }

  /// The stories of one station and riders (the transfer has two, and vans).
  public static let oneStation: [Story] = [.slot, .bike]

  /// "Rossio has 5 free bikes and 1 empty slot; riders A and B arrive by bike."
  public func setting(riders: Int) -> String {
    if self == .transfer {
      let (x, y) = (stations[0].name, stations[1].name)
      let vans = (0..<riders).map { van in
        let (from, to) = TransferStage.route(van)
        return "\(Schedule.name(van)) \(stations[from].name)→\(stations[to].name)"
      }
      return "\(x) and \(y) have 1 free bike and 1 empty slot each; vans move one bike each:"
        + " \(vans.joined(separator: ", "))."
    }
    let s = station
    let arrive = self == .slot ? "arrive by bike" : "arrive on foot"
    return "\(s.name) has \(s.freeBikes) free bike\(s.freeBikes == 1 ? "" : "s") and"
      + " \(s.emptySlots) empty slot\(s.emptySlots == 1 ? "" : "s");"
      + " riders \(Schedule.names(riders)) \(arrive)."
  }
}

/// How `replay`, `explore`, `stress` and `play` print (`html`: explore's atlas).
public enum StageFormat: String, Sendable, CaseIterable {
  case text, json, lanes, mermaid, html
}

/// What `replay`, `explore` and `stress` were asked for.
public struct StageOptions: Sendable, Equatable {
  public var story = Story.slot
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

  /// The riders of the stage: 0 is A.
  public var riderIndices: [Int] { Array(0..<riders) }
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
  public static func names(_ riders: Int) -> String {
    let all = (0..<riders).map(name)
    guard all.count > 1 else { return all.joined() }
    return all.dropLast().joined(separator: ", ") + " and " + all[all.count - 1]
  }

  public var description: String {
    steps.map { "\(Self.name($0.rider)):\($0.point.word)" }
      .joined(separator: " ")
  }

  /// Reads `A:arrive B:window ...` for a stage of `riders` riders.
  public static func parse(_ text: String, riders: Int, story: Story = .slot) throws(UsageError)
    -> Schedule
  {
    var steps: [ScriptedGate.Step] = []
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
    guard !words.isEmpty else { throw UsageError("--schedule is empty") }
    for (index, word) in words.enumerated() {
      let parts = word.split(separator: ":", omittingEmptySubsequences: false)
      let place = "--schedule step \(index + 1) '\(word)'"
      guard parts.count == 2, parts[0].count == 1, let letter = parts[0].uppercased().first,
        let ascii = letter.asciiValue, ascii >= 65, Int(ascii) - 65 < 26
      else {
        throw UsageError("\(place): expected RIDER:POINT, such as A:arrive or B:window")
      }
      let rider = Int(ascii) - 65
      guard rider < riders else {
        let who = story == .transfer ? "vans" : "riders"
        throw UsageError("\(place): the stage has \(who) \(names(riders)) only")
      }
      let point: ProbePoint
      switch parts[1].lowercased() {
      case "arrive": point = .arrive
      case "window": point = .raceWindow
      case "hold" where story == .transfer: point = .hold
      default:
        throw UsageError(
          "\(place): the point is arrive\(story == .transfer ? ", window or hold" : " or window")")
      }
      steps.append(ScriptedGate.Step(rider, point))
    }
    return Schedule(steps)
  }

  /// The replay's story without `--schedule`: everybody arrives in turn, then
  /// (racy) everybody acts, the last to arrive first.
  public static func story(_ mode: Mode, riders: Int) -> Schedule {
    let arrivals = (0..<riders).map { ScriptedGate.Step($0, .arrive) }
    let windows = (0..<riders).reversed().map { ScriptedGate.Step($0, .raceWindow) }
    return Schedule(mode.isFix ? arrivals : arrivals + windows)
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
