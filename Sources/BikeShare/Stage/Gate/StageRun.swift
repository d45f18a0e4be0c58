/// One play of the stage through a scripted gate: what `replay` prints, and
/// what `explore` runs once per schedule.
public struct StageRun: Sendable {
  public let mode: Mode
  public let story: Story
  public let riders: Int
  /// The log, one line per step, in the order they happened.
  public let steps: [String]
  /// The same steps as events (for swimlanes).
  public let events: [Event]
  /// Every choice the gate made: the schedule actually played.
  public let trace: [ScriptedGate.Decision]
  public let result: StageResult
  public let violations: [Violation]
  /// Set if the riders did not follow the schedule.
  public let failure: String?

  public var end: StationCounts { result.end }
  public var lowest: StationCounts { result.lowest }
  public var schedule: Schedule { Schedule(trace.map(\.chosen)) }
  /// Preemptions: a rider that could have gone on was made to wait.
  public var switches: Int { trace.filter(\.isSwitch).count }
  public var isForbidden: Bool { result.isForbidden(story) }
  public var expectation: Expectation { result.expectation(story) }
}

/// What a play of the stage ended with: the counts, the extremes the audit
/// saw, how many riders got what they wanted, and whether the vans got
/// stuck. Schedules that end alike are one outcome.
public struct StageResult: Sendable, Hashable {
  /// Per station, in the story's order.
  public let ends: [StationCounts]
  public let lowests: [StationCounts]
  public let highests: [StationCounts]
  /// Riders who docked (slot story) or took a bike (bike story); vans that
  /// moved their bike (transfer).
  public let served: Int
  /// The transfer stage: the vans deadlocked or livelocked.
  public let stuck: ScriptedGate.Stuck?
  /// The order story: the rider that got the bike.
  public var holder: Int? = nil
  /// The order story: the first rider that had asked before the holder and
  /// was not served yet when it got the bike (nil: served in the order asked).
  public var askedFirst: Int? = nil
  /// The wait story: the riders still asleep in the line at the end.
  public var sleepers: [Int] = []
  /// The wait story with X: the riders that read a call-off and stopped.
  public var stopped: [Int] = []

  public init(end: StationCounts, lowest: StationCounts, highest: StationCounts, served: Int) {
    self.init(ends: [end], lowests: [lowest], highests: [highest], served: served, stuck: nil)
  }

  public init(
    ends: [StationCounts], lowests: [StationCounts], highests: [StationCounts], served: Int,
    stuck: ScriptedGate.Stuck?
  ) {
    self.ends = ends
    self.lowests = lowests
    self.highests = highests
    self.served = served
    self.stuck = stuck
  }

  /// A deadlock's wait-for cycle, or a livelock's round; nil if the run ended.
  public var cycle: String? {
    switch stuck {
    case .deadlock(let waits)?: waits
    case .livelock(let round)?: round
    case nil: nil
    }
  }

  /// The first station's (the only one in the slot and bike stories).
  public var end: StationCounts { ends[0] }
  public var lowest: StationCounts { lowests[0] }
  public var highest: StationCounts { highests[0] }

  /// Every bike is where the story says it must be.
  public func isConserved(_ story: Story) -> Bool { story.plot.isConserved(self) }

  /// A counter left its range, or a bike was lost or made up (and whatever
  /// else the story forbids).
  public func isForbidden(_ story: Story) -> Bool { story.plot.isForbidden(self) }

  /// How `explore` files the outcome: a broken counter first, then a stuck run.
  public func expectation(_ story: Story) -> Expectation {
    if isForbidden(story) { return .forbidden }
    switch stuck {
    case .deadlock?: return .deadlocked
    case .livelock?: return .livelocked
    case nil: return .acceptable
    }
  }

  /// "2 docked into 1 slot · end free 7, empty -1".
  public func description(_ story: Story, riders: Int) -> String {
    story.plot.describe(self, riders: riders)
  }
}

/// How an outcome of `explore` is filed.
public enum Expectation: String, Sendable, Hashable {
  case acceptable
  case forbidden
  /// Vans remained and none could go on.
  case deadlocked = "deadlock"
  /// The run came back to where it had been, with nothing done.
  case livelocked = "livelock"

  /// Anything but acceptable is what `--fail-on-violation` fails on.
  public var isBad: Bool { self != .acceptable }
}
