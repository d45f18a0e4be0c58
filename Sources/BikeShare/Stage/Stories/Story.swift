import Foundation

/// Everything the stage's machinery asks of a story: its stations and
/// participants, the steps a schedule may name, what the gate lets go and
/// when, how an ending is filed and told, and which entry point of an era
/// plays it. Replay, explore, stress, play, lanes, Mermaid, the atlas, side
/// by side and the command line ask a plot; none of them knows which story
/// it is. One file a story, in `Stories/` (`README.md` says how to add one).
public protocol Plot: Sendable {
  /// `--story NAME`.
  var name: String { get }
  /// `--help`'s line for `--story`: "slot: riders arrive by bike, one empty slot".
  var summary: String { get }
  /// Who moves on the stage, one and many: ("rider", "riders"), ("van", "vans").
  var participant: (one: String, many: String) { get }
  /// The gate's participants with `riders` riders (or vans): by default
  /// 0 (A) to `riders - 1`; a story may add one of its own (the cancel
  /// story's X, 23).
  func participants(riders: Int) -> [Int]
  /// `--riders` for this story (by default 2 to 4).
  var riderRange: ClosedRange<Int> { get }
  /// `explore --scheduler jobs` can explore it (the actors era's job shapes
  /// are one station's visits; by default no).
  var exploresJobs: Bool { get }
  /// The stage's stations at the start, in the order the results keep.
  var stations: [StationRecord] { get }
  /// The probe points a schedule may name, in `--help` order.
  var points: [ProbePoint] { get }
  /// Whether an ending can be stuck (deadlocked or livelocked): such a
  /// story's tables count those, and `stress` bounds a run's wait.
  var canGetStuck: Bool { get }

  /// "Rossio has 5 free bikes and 1 empty slot; riders A and B arrive by bike."
  func setting(riders: Int) -> String
  /// Every mode the story takes in `era`, in the order the tables show them.
  func modes(for era: EraInfo) -> [Mode]
  /// The modes played when `--mode` is not given.
  func defaultModes(for era: EraInfo) -> [Mode]
  /// What passing a probe point holds in `mode`, for the gate.
  func holding(_ mode: Mode, era: EraInfo) -> ScriptedGate.Holding

  /// Plays the stage once in `era`'s idiom, through the entry point the
  /// story belongs to. Returns the stations' counts at the end.
  func play<E: Era>(_ era: E.Type, _ cast: StageCast) async -> [StationCounts]
  /// What a play ended with. `finished`: false when it stalled.
  func result(
    ends: [StationCounts], audits: [StationAudit], events: [Event], stuck: ScriptedGate.Stuck?,
    finished: Bool
  ) -> StageResult
  /// Every bike is where the story says it must be.
  func isConserved(_ result: StageResult) -> Bool
  /// An ending no schedule may have (by default: a counter left its range,
  /// or a bike was lost or made up).
  func isForbidden(_ result: StageResult) -> Bool
  /// "2 docked into 1 slot · end free 7, empty -1".
  func describe(_ result: StageResult, riders: Int) -> String

  /// `replay` without `--schedule`: the story's own script, and whether the
  /// rest follows without a switch.
  func script(_ mode: Mode, riders: Int) -> (schedule: Schedule, continues: Bool)
  /// The replay's "Script: ..." line (`own`: an era's own mode, if it is one).
  func scriptLine(_ mode: Mode, riders: Int, own: OwnMode?) -> String
  /// The replay's result lines (after the steps).
  func footer(_ run: StageRun) -> [String]

  /// Swimlanes as text (`--format lanes`, and the game's ending).
  func lanes(
    _ events: [Event], riders: Int, mode: Mode, stuck: ScriptedGate.Stuck?, era: EraInfo
  ) -> String
  /// The same as a Mermaid `sequenceDiagram` (`--format mermaid`).
  func mermaid(_ run: StageRun, era: EraInfo) -> String

  /// `play`: the goal under the heading.
  func goal(era: EraInfo) -> String
  /// `play`: where a participant parked at `point` is, in words (nil: the
  /// words every story shares, for the race window).
  func place(_ point: ProbePoint, mode: Mode, era: EraInfo) -> String?
  /// `play`'s `?`.
  func rules(mode: Mode) -> String
  /// `play`'s `h`, given who may go next.
  func hint(_ enabled: [ScriptedGate.Step], mode: Mode) -> String
  /// `play` in a fix: why no schedule can win.
  func safeLesson(era: EraInfo, riders: Int) -> String
  /// `play`: every participant is done and nothing broke.
  var noWin: String { get }
  /// What an ending that is not conserved means, in words (the atlas's verdict).
  var notConserved: String { get }
  /// What a forbidden ending broke by the story's own rule, in words (the
  /// atlas's verdict; nil by default: the counters and the bikes say it).
  func brokenRule(_ result: StageResult) -> String?
  /// `play`: what the story's own rule says broke in `events` so far, which
  /// wins the game (nil by default: only the counters' range and getting stuck do).
  func broken(_ events: [Event]) -> String?
  /// On the real runtime (`stress`): an account of one run's line, kept
  /// from `log`, that the stress sums and prints (the wait story's); nil
  /// for a story that keeps none.
  func lineTimes(_ log: EventLog) -> LineTimes?
}

extension Plot {
  /// The first station (the only one of a one-station story).
  public var station: StationRecord { stations[0] }

  public func participants(riders: Int) -> [Int] { Array(0..<riders) }

  public var riderRange: ClosedRange<Int> { 2...4 }

  public var exploresJobs: Bool { false }

  public func broken(_ events: [Event]) -> String? { nil }

  public func lineTimes(_ log: EventLog) -> LineTimes? { nil }

  public var notConserved: String { "a bike was lost or made up" }

  public func brokenRule(_ result: StageResult) -> String? { nil }

  /// "A and B", "A, B and X": who is on the stage, by name.
  public func cast(riders: Int) -> String { Schedule.names(of: participants(riders: riders)) }

  /// A counter left `0...capacity`, or a bike was lost or made up.
  public func isForbidden(_ result: StageResult) -> Bool {
    for (index, station) in stations.enumerated() {
      let inRange = { (value: Int) in (0...station.capacity).contains(value) }
      let low = result.lowests[index]
      let high = result.highests[index]
      if !inRange(low.freeBikes) || !inRange(low.emptySlots) || !inRange(high.freeBikes)
        || !inRange(high.emptySlots)
      {
        return true
      }
    }
    return !isConserved(result)
  }

  /// An ending whose extremes are kept only as far as an outcome cares
  /// (below 0, above the capacity), so that two runs whose counts dipped
  /// differently within range end alike (the stories of several stations).
  public func outOfRange(
    ends: [StationCounts], audits: [StationAudit], served: Int, stuck: ScriptedGate.Stuck?
  ) -> StageResult {
    StageResult(
      ends: ends,
      lowests: audits.map {
        StationCounts(
          freeBikes: min($0.lowest.freeBikes, 0), emptySlots: min($0.lowest.emptySlots, 0))
      },
      highests: zip(audits, stations).map { audit, station in
        StationCounts(
          freeBikes: max(audit.highest.freeBikes, station.capacity),
          emptySlots: max(audit.highest.emptySlots, station.capacity))
      }, served: served, stuck: stuck)
  }

  /// "riders" or "vans", by how many.
  public func participants(_ count: Int) -> String {
    count == 1 ? participant.one : participant.many
  }
}

/// A story of the stage, by name: the value options, runs and tests carry.
public struct Story: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  public let plot: any Plot

  public init(_ plot: any Plot) { self.plot = plot }

  /// `--story NAME`: one of `allCases`.
  public init?(rawValue: String) {
    guard let story = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = story
  }

  public var rawValue: String { plot.name }
  public var description: String { plot.name }
  public var stations: [StationRecord] { plot.stations }
  public var station: StationRecord { plot.station }
  public func setting(riders: Int) -> String { plot.setting(riders: riders) }

  public static func == (lhs: Story, rhs: Story) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// What every story's stage is made of, whoever plays it.
public struct StageCast: Sendable {
  public let mode: Mode
  /// Riders (or vans) 0 (A), 1 (B) and so on, each making one visit.
  public let riders: [Int]
  public let stations: [StationRecord]
  /// One per station, in the same order.
  public let audits: [StationAudit]
  public let probe: RaceProbe
  public let blockingProbe: BlockingRaceProbe
  public let log: EventLog
  /// The options the era was started with (`--lock`, `--fix`, ...).
  public let configuration: Configuration
}

/// What a story gives its participants, written once: the cast of the play
/// (mode, stations, audits, probes, log, the era's options), read as the
/// stage's own (`stage.mode`, `stage.log`), and what the story adds (its
/// probe points, what it logs, the participants' shared steps). A story's
/// stage stores the cast and its own view of it (the cancel stage's riders
/// without X; the order stage's Rossio); everything else it reads through.
@dynamicMemberLookup
public protocol StoryStage: Sendable {
  var cast: StageCast { get }
  init(_ cast: StageCast)
}

extension StoryStage {
  public subscript<Value>(dynamicMember path: KeyPath<StageCast, Value>) -> Value {
    cast[keyPath: path]
  }
}
