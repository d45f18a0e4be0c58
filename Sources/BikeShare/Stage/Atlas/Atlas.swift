import Foundation

/// `explore --format html`: every schedule the explorer played, as one tree
/// that a room can open, read and play in a browser (`AtlasPage` draws it).
///
/// Everything in it was recorded from the era's real code while the explorer
/// played it: each step's log lines are what the era logged between that
/// choice of the gate and the next, and the stations after it are the
/// counters those lines carry. The page computes nothing about the stage.
public struct Atlas: Codable, Sendable, Equatable {
  public let era: String
  public let mode: String
  public let story: String
  public let riders: Int
  /// Who moves on the stage: "riders", "vans".
  public let participants: String
  /// Whether the story can end stuck (the page then shows deadlocked and
  /// livelocked counts).
  public let canGetStuck: Bool
  /// The stage in words: the stations and who wants what.
  public let setting: String
  /// The command that printed this atlas.
  public let command: String
  public let schedules: Int
  public let forbidden: Int
  public let deadlocked: Int
  public let livelocked: Int
  public let maxSwitches: Int?
  /// As `explore --format json` lists them, in the same order.
  public let outcomes: [Outcome]
  /// The stations before anybody moved.
  public let start: String
  /// Every schedule: a branch per choice of the gate, a leaf per schedule.
  public let tree: Node
  /// The tree's shape, without the words each era logs: its steps and
  /// where each schedule ends. Two eras with the same shape have the same
  /// tree (side by side shows which).
  public let shape: String

  public struct Outcome: Codable, Sendable, Equatable {
    public let result: String
    /// `acceptable`, `forbidden`, `deadlocked` or `livelocked`.
    public let expect: String
    public let schedules: Int
    public let example: String
    public let exampleSwitches: Int
    /// A deadlock's wait-for cycle, or a livelock's round.
    public let cycle: String?
    /// Why the room wins with it (nil for an acceptable outcome).
    public let why: String?
  }

  public struct Node: Codable, Sendable, Equatable {
    /// The step chosen to get here (`A:arrive`); empty at the root.
    public var step: String
    /// Who went: 0 is A; -1 at the root.
    public var rider: Int
    /// What the era logged from this choice until the next.
    public var lines: [String]
    /// The stations after it (and, on the transfer, who holds what).
    public var state: String
    /// Schedules under this node.
    public var leaves: Int
    /// The next choices, in the order the gate offered them.
    public var next: [Node]
    /// A leaf: its outcome, an index into `outcomes`.
    public var outcome: Int?
    /// A leaf: its schedule, as `replay --schedule` takes it.
    public var schedule: String?
  }

  /// The atlas of one exploration, which must have kept its runs.
  public init(_ exploration: Explorer.Exploration, era: EraInfo) {
    let options = exploration.options
    let story = options.story
    self.era = era.name
    mode = exploration.mode.rawValue
    self.story = story.rawValue
    riders = options.riders
    participants = story.plot.participants(options.riders)
    canGetStuck = story.plot.canGetStuck
    setting = story.setting(riders: options.riders)
    command = Explorer.command(exploration, executable: era.executable) + " --format html"
    schedules = exploration.schedules
    forbidden = exploration.forbidden
    deadlocked = exploration.deadlocked
    livelocked = exploration.livelocked
    maxSwitches = options.maxSwitches
    outcomes = exploration.outcomes.map { outcome in
      return Outcome(
        result: outcome.description, expect: outcome.expectation.rawValue,
        schedules: outcome.schedules, example: outcome.example.description,
        exampleSwitches: outcome.exampleSwitches, cycle: outcome.result.cycle,
        why: Self.why(outcome.result, expectation: outcome.expectation, story: story))
    }
    start = Self.state(story.stations.map(\.counts), holds: [:], story: story)
    let index = Dictionary(
      exploration.outcomes.enumerated().map { ($1.result, $0) }, uniquingKeysWith: { a, _ in a })
    var root = Node(
      step: "", rider: -1, lines: [], state: start, leaves: 0, next: [], outcome: nil,
      schedule: nil)
    for run in exploration.runs {
      Self.add(run, outcome: index[run.result], to: &root, story: story)
    }
    Self.count(&root)
    tree = root
    shape = Self.fingerprint(Self.outline(root, outcomes: outcomes))
  }

  /// `A:arrive(B:arrive(=forbidden 2 docked…)…)`: steps and outcomes only.
  static func outline(_ node: Node, outcomes: [Outcome]) -> String {
    var text = node.step
    if let outcome = node.outcome, outcome < outcomes.count {
      text += "=\(outcomes[outcome].expect) \(outcomes[outcome].result)"
    }
    if !node.next.isEmpty {
      text += "(" + node.next.map { outline($0, outcomes: outcomes) }.joined(separator: ",") + ")"
    }
    return text
  }

  /// FNV-1a, 64 bits, as 16 hexadecimal digits: the same on every run and machine.
  static func fingerprint(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Why a leaf of this outcome wins the game, in words: for a forbidden
  /// one, what the stations' audits saw.
  static func why(_ result: StageResult, expectation: Expectation, story: Story) -> String? {
    switch expectation {
    case .acceptable: return nil
    case .deadlocked:
      let one = story.plot.participant.one
      return "every \(one) waits for a station another \(one) holds: none can ever go on"
    case .livelocked:
      return "the \(story.plot.participant.many) came back to where they were, with nothing done:"
        + " they can go round for ever"
    case .forbidden:
      var broken = story.plot.brokenRule(result).map { [$0] } ?? []
      for (index, station) in story.stations.enumerated() {
        let (low, high) = (result.lowests[index], result.highests[index])
        for (what, lowest, highest) in [
          ("free bikes", low.freeBikes, high.freeBikes),
          ("empty slots", low.emptySlots, high.emptySlots),
        ] {
          if lowest < 0 { broken.append("\(station.name)'s \(what) went down to \(lowest)") }
          if highest > station.capacity {
            broken.append(
              "\(station.name)'s \(what) went up to \(highest), with \(station.capacity) docks")
          }
        }
      }
      if !result.isConserved(story) { broken.append(story.plot.notConserved) }
      return broken.isEmpty ? "a station broke its promise" : broken.joined(separator: "; ")
    }
  }

  /// Walks `run`'s choices down from `root`, making the nodes it is the
  /// first to reach, and files its outcome at its last.
  private static func add(_ run: StageRun, outcome: Int?, to root: inout Node, story: Story) {
    let trace = run.trace
    let events = run.events
    let marks = trace.map { min($0.mark, events.count) } + [events.count]
    func lines(_ range: Range<Int>) -> [String] {
      Array(
        run.steps[min(range.lowerBound, run.steps.count)..<min(range.upperBound, run.steps.count)])
    }
    if root.lines.isEmpty, let first = marks.first, first > 0 {
      root.lines = lines(0..<first)
    }
    func descend(_ node: inout Node, _ depth: Int) {
      guard depth < trace.count else {
        node.outcome = node.outcome ?? outcome
        node.schedule = node.schedule ?? run.schedule.description
        return
      }
      let decision = trace[depth]
      let step = decision.chosen.description
      if let at = node.next.firstIndex(where: { $0.step == step }) {
        descend(&node.next[at], depth + 1)
        return
      }
      let upTo = marks[depth + 1]
      var child = Node(
        step: step, rider: decision.chosen.rider, lines: lines(marks[depth]..<upTo),
        state: state(
          counts(events.prefix(upTo), story: story), holds: decision.holds, story: story),
        leaves: 0, next: [], outcome: nil, schedule: nil)
      descend(&child, depth + 1)
      node.next.append(child)
    }
    descend(&root, 0)
  }

  /// Leaves under each node.
  private static func count(_ node: inout Node) {
    for index in node.next.indices { count(&node.next[index]) }
    node.leaves = (node.outcome == nil ? 0 : 1) + node.next.reduce(0) { $0 + $1.leaves }
  }

  /// The stations' counters after `events`, as their takes and leaves said.
  static func counts(_ events: some Sequence<Event>, story: Story) -> [StationCounts] {
    let names = story.stations.map(\.name)
    var counts = story.stations.map(\.counts)
    for event in events {
      switch event {
      case .tookBike(_, let station, let now), .leftBike(_, let station, let now):
        if let at = names.firstIndex(of: station) { counts[at] = now }
      default: break
      }
    }
    return counts
  }

  /// "Rossio: free 5, empty 1", and on the transfer who holds what.
  static func state(_ counts: [StationCounts], holds: [Int: [Int]], story: Story) -> String {
    let names = story.stations.map(\.name)
    var parts = zip(names, counts).map { "\($0): \($1)" }
    for van in holds.keys.sorted() where !(holds[van] ?? []).isEmpty {
      let held = holds[van]!.map { $0 < names.count ? names[$0] : "station \($0 + 1)" }
      parts.append("\(Schedule.name(van)) holds \(held.joined(separator: " and "))")
    }
    return parts.joined(separator: "; ")
  }
}
