/// What an era implements; `EraCommand` does the rest (command line, city,
/// audit, report, exit codes), identically for every era.
/// (`SendableMetatype`: the command runs an era's `simulate` in a task it can cancel.)
public protocol Era: SendableMetatype {
  /// Short name used in reports: `actors`, `callbacks`, ...
  static var name: String { get }
  /// The executable: `bikes-actors`.
  static var executable: String { get }
  /// One line for `--help`.
  static var summary: String { get }
  /// Three to five lines printed before a text run: what to watch for.
  static var banner: [String] { get }
  /// Runs every rider to the end (or until `simulation.stop` is pulled).
  static func simulate(_ simulation: Simulation) async -> RunOutcome
  /// Plays the replay stage: each of its riders makes one visit to its one station.
  /// - Returns: the station's counts at the end.
  static func replay(_ stage: ReplayStage) async -> StationCounts
  /// True for `bikes-dispatch`: `--mode unsynchronized` and `--lock` exist.
  static var threadsAndLocks: Bool { get }
}

extension Era {
  public static var threadsAndLocks: Bool { false }
}

/// Everything one run of one mode needs.
public struct Simulation: Sendable {
  public let mode: Mode
  public let configuration: Configuration
  public let stations: [StationRecord]
  /// One per station, in the same order; stations report every change here.
  public let audits: [StationAudit]
  public let goal: Int?
  public let log: EventLog
  public let stop: StopSwitch
  /// Race-window probe for the async era.
  public let probe: RaceProbe
  /// Race-window probe for the blocking eras.
  public let blockingProbe: BlockingRaceProbe
  /// The era has `--lock` and `--mode unsynchronized` (reported in `config`).
  public let threadsAndLocks: Bool

  public init(
    mode: Mode, configuration: Configuration, selection: Selection, log: EventLog,
    stop: StopSwitch = StopSwitch(), probe: RaceProbe? = nil,
    blockingProbe: BlockingRaceProbe? = nil, threadsAndLocks: Bool = false
  ) {
    self.mode = mode
    self.configuration = configuration
    self.stations = selection.stations
    self.audits = selection.stations.map(StationAudit.init)
    self.goal = selection.goal
    self.log = log
    self.stop = stop
    self.probe = probe ?? .waiting(configuration.raceWindow)
    self.blockingProbe = blockingProbe ?? .waiting(configuration.raceWindow)
    self.threadsAndLocks = threadsAndLocks
  }

  public var riders: Range<Int> { 0..<configuration.riders }

  /// A fresh journey with the rider's own dice.
  public func journey(for rider: Int) -> Journey {
    Journey(
      rider: rider, seed: configuration.seed, stationCount: stations.count,
      paths: configuration.paths, goal: goal)
  }
}

/// The README's story: riders A and B, both on a bike, arrive at one station
/// that has a single empty slot.
public struct ReplayStage: Sendable {
  public let mode: Mode
  public let station: StationRecord
  public let audit: StationAudit
  /// Riders 0 (A) and 1 (B); each holds a bike and wants to leave it.
  public let riders: [Int]
  public let probe: RaceProbe
  public let blockingProbe: BlockingRaceProbe
  public let log: EventLog
}

/// What an era hands back after a run: every rider's totals and every
/// station's counts at the end (in `Simulation.stations` order).
public struct RunOutcome: Sendable {
  public let riders: [RiderResult]
  public let stations: [StationCounts]
  /// Era-specific lines for the report (e.g. operations in flight per queue).
  public let notes: [String]

  public init(riders: [RiderResult], stations: [StationCounts], notes: [String] = []) {
    self.riders = riders
    self.stations = stations
    self.notes = notes
  }
}

extension Duration {
  /// The duration as a number of seconds.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
