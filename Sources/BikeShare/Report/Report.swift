import Foundation

/// One mode's run, audited: what `--format text` prints and `--format json` encodes.
public struct RunReport: Sendable, Codable {
  public let era: String
  public let mode: Mode
  public let config: ConfigReport
  public let riders: Int
  public let paths: Int
  public let normalLegs: Int
  public let waitingLegs: Int
  public let normalSeconds: Double
  public let waitingSeconds: Double
  public let goalReached: Int
  /// `--vans`: how many, and how their transfers ended (optional only so
  /// that older report lines still read).
  public let vans: Int?
  public let vanMoves: Int?
  public let vanTurnedAway: Int?
  public let stations: [StationReport]
  public let violations: [Violation]
  /// Requests that reached their station, those that reached it after a
  /// request sent later (overtaken), and by how many places at most
  /// (`Overtaking`; optional only so that older report lines still read).
  public let requests: Int?
  public let overtaken: Int?
  public let largestOvertake: Int?
  /// `--call-off` (each nil without it): riders called off, the bikes they
  /// stranded, and how they stopped (`CallOffSummary`).
  public let calledOff: Int?
  public let stranded: Int?
  public let stoppedAfterCallOff: Int?
  public let medianStopSeconds: Double?
  public let largestStopSeconds: Double?
  public let visitsAfterCallOff: Int?
  public let largestVisitsAfterCallOff: Int?
  public let bikesAtStart: Int
  public let bikesAtEnd: Int
  public let bikesRidden: Int
  public let conserved: Bool
  public let interrupted: Bool
  public let wallSeconds: Double
  /// Era-specific lines (empty for most eras).
  public let notes: [String]

  /// Audits a finished (or stopped) run.
  public init(
    era: EraInfo, simulation: Simulation, outcome: RunOutcome, interrupted: Bool,
    wallSeconds: Double
  ) {
    let results = outcome.riders
    let ends = outcome.stations
    let configuration = simulation.configuration
    let legSeconds = Double(configuration.legMilliseconds) / 1000
    self.era = era.name
    self.mode = simulation.mode
    self.config = ConfigReport(configuration, simulation: simulation, era: era)
    self.riders = results.count
    self.paths = results.reduce(0) { $0 + $1.paths }
    self.normalLegs = results.reduce(0) { $0 + $1.normalLegs }
    self.waitingLegs = results.reduce(0) { $0 + $1.waitingLegs }
    self.normalSeconds = Double(normalLegs) * legSeconds
    self.waitingSeconds = Double(waitingLegs) * legSeconds
    self.goalReached = results.count(where: \.reachedGoal)
    self.vans = outcome.vans.count
    self.vanMoves = outcome.vans.reduce(0) { $0 + $1.moves }
    self.vanTurnedAway = outcome.vans.reduce(0) { $0 + $1.turnedAway }
    self.stations = zip(simulation.audits, ends).map { StationReport(audit: $0, end: $1) }
    self.violations = simulation.audits.flatMap(\.violations)
    let overtaking = simulation.audits.map(\.overtaking).reduce(Overtaking(), +)
    self.requests = overtaking.requests
    self.overtaken = overtaking.overtaken
    self.largestOvertake = overtaking.largest
    let callOffs = simulation.callOffs?.summary(of: results)
    self.calledOff = callOffs?.calledOff
    self.stranded = callOffs?.stranded
    self.stoppedAfterCallOff = callOffs?.stopped
    self.medianStopSeconds = callOffs?.medianStopSeconds
    self.largestStopSeconds = callOffs?.largestStopSeconds
    self.visitsAfterCallOff = callOffs?.visitsAfter
    self.largestVisitsAfterCallOff = callOffs?.largestVisitsAfter
    self.bikesAtStart = simulation.stations.reduce(0) { $0 + $1.freeBikes }
    self.bikesRidden = results.count(where: \.holdsBike)
    self.bikesAtEnd = ends.reduce(0) { $0 + $1.freeBikes } + bikesRidden
    self.conserved = bikesAtEnd == bikesAtStart
    self.interrupted = interrupted
    self.wallSeconds = wallSeconds
    let quitters = outcome.riders.count(where: \.gaveUp)
    self.notes =
      outcome.notes
      + (quitters == 0
        ? []
        : [
          "\(quitters) rider\(quitters == 1 ? "" : "s") gave up after \(Journey.patience) visits in a row without a bike"
            + " or slot"
        ])
  }

  /// `--call-off`: the run's call-offs, as one value (nil without it).
  public var callOffs: CallOffSummary? {
    guard let calledOff, let stranded, let stoppedAfterCallOff, let medianStopSeconds,
      let largestStopSeconds, let visitsAfterCallOff, let largestVisitsAfterCallOff
    else { return nil }
    return CallOffSummary(
      calledOff: calledOff, stopped: stoppedAfterCallOff, stranded: stranded,
      medianStopSeconds: medianStopSeconds, largestStopSeconds: largestStopSeconds,
      visitsAfter: visitsAfterCallOff, largestVisitsAfter: largestVisitsAfterCallOff,
      deadlineMilliseconds: config.deadlineMs.flatMap { $0 > 0 ? $0 : nil })
  }

  /// The race shown (racy) or the fix broken (safe).
  public var hasViolations: Bool { !violations.isEmpty || !conserved || (stranded ?? 0) > 0 }

  enum CodingKeys: String, CodingKey {
    case era, mode, config, riders, paths, stations, violations, conserved, interrupted, notes
    case vans, stranded, requests, overtaken
    case largestOvertake = "largest_overtake"
    case calledOff = "called_off"
    case stoppedAfterCallOff = "stopped_after_call_off"
    case medianStopSeconds = "median_stop_seconds"
    case largestStopSeconds = "largest_stop_seconds"
    case visitsAfterCallOff = "visits_after_call_off"
    case largestVisitsAfterCallOff = "largest_visits_after_call_off"
    case vanMoves = "van_moves"
    case vanTurnedAway = "van_turned_away"
    case normalLegs = "normal_legs"
    case waitingLegs = "waiting_legs"
    case normalSeconds = "normal_seconds"
    case waitingSeconds = "waiting_seconds"
    case goalReached = "goal_reached"
    case bikesAtStart = "bikes_at_start"
    case bikesAtEnd = "bikes_at_end"
    case bikesRidden = "bikes_ridden"
    case wallSeconds = "wall_seconds"
  }

  /// Reads one line of an era's `--format json` output.
  public init(jsonLine: String) throws {
    self = try JSONDecoder().decode(RunReport.self, from: Data(jsonLine.utf8))
  }

  /// One JSON object on one line.
  public var jsonLine: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding plain structs of numbers and strings cannot fail.
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}

/// Every option as used.
public struct ConfigReport: Sendable, Codable {
  public let mode: Mode
  public let riders: Int
  public let stations: [String]
  public let paths: Int
  public let goal: String?
  public let seed: UInt64
  public let legMs: Int
  public let raceWindowUs: Int
  public let city: String
  public let format: OutputFormat
  public let log: Bool
  public let failOnViolation: Bool
  /// `--watchdog-ms` (optional only so that older report lines still read).
  public let watchdogMs: Int?
  /// `--vans` (optional only so that older report lines still read).
  public let vans: Int?
  /// `--call-off` (optional only so that older report lines still read).
  public let callOff: Int?
  /// `--deadline-ms` (optional only so that older report lines still read).
  public let deadlineMs: Int?
  /// `bikes-dispatch` only (nil for the other eras).
  public let lock: LockKind?
  /// `bikes-futures` only (nil for the other eras).
  public let exclusive: FuturesExclusive?
  /// `bikes-actors` only (nil for the other eras).
  public let fix: ActorsFix?
  /// `bikes-actors` only (nil for the other eras).
  public let callers: ActorsCallers?
  /// `bikes-dispatch` only (nil for the other eras).
  public let threadCap: Int?

  init(_ configuration: Configuration, simulation: Simulation, era: EraInfo) {
    mode = simulation.mode
    riders = configuration.riders
    stations = simulation.stations.map(\.id)
    paths = configuration.paths
    goal = simulation.goal.map { simulation.stations[$0].id }
    seed = configuration.seed
    legMs = configuration.legMilliseconds
    raceWindowUs = configuration.raceWindowMicroseconds
    city = configuration.city.name
    format = configuration.format
    log = configuration.log
    failOnViolation = configuration.failOnViolation
    watchdogMs = configuration.watchdogMilliseconds
    vans = configuration.vans
    callOff = configuration.callOffs
    deadlineMs = configuration.deadlineMilliseconds
    lock = era.takes(.lock) ? configuration.lock : nil
    exclusive = era.takes(.exclusive) ? configuration.exclusive : nil
    fix = era.takes(.fix) ? configuration.fix : nil
    callers = era.takes(.callers) ? configuration.callers : nil
    threadCap = era.takes(.threadCap) ? configuration.threadCap : nil
  }

  enum CodingKeys: String, CodingKey {
    case mode, riders, stations, paths, goal, seed, city, format, log, lock, exclusive, fix
    case callers
    case threadCap = "thread_cap"
    case legMs = "leg_ms"
    case raceWindowUs = "race_window_us"
    case failOnViolation = "fail_on_violation"
    case watchdogMs = "watchdog_ms"
    case vans
    case callOff = "call_off"
    case deadlineMs = "deadline_ms"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mode, forKey: .mode)
    try container.encode(riders, forKey: .riders)
    try container.encode(stations, forKey: .stations)
    try container.encode(paths, forKey: .paths)
    try container.encode(goal, forKey: .goal)  // null when no goal, rather than absent
    try container.encode(seed, forKey: .seed)
    try container.encode(legMs, forKey: .legMs)
    try container.encode(raceWindowUs, forKey: .raceWindowUs)
    try container.encode(city, forKey: .city)
    try container.encode(format, forKey: .format)
    try container.encode(log, forKey: .log)
    try container.encode(failOnViolation, forKey: .failOnViolation)
    try container.encodeIfPresent(watchdogMs, forKey: .watchdogMs)
    try container.encodeIfPresent(vans, forKey: .vans)
    try container.encodeIfPresent(callOff, forKey: .callOff)
    try container.encodeIfPresent(deadlineMs, forKey: .deadlineMs)
    try container.encodeIfPresent(lock, forKey: .lock)
    try container.encodeIfPresent(exclusive, forKey: .exclusive)
    try container.encodeIfPresent(fix, forKey: .fix)
    try container.encodeIfPresent(callers, forKey: .callers)
    try container.encodeIfPresent(threadCap, forKey: .threadCap)
  }
}

/// A station's counts at start and end, and the extremes the audit saw.
public struct StationReport: Sendable, Codable {
  public let id: String
  public let name: String
  public let capacity: Int
  public let start: Counts
  public let end: Counts
  public let min: Counts
  public let max: Counts
  /// As the run's (optional only so that older report lines still read).
  public let requests: Int?
  public let overtaken: Int?
  public let largestOvertake: Int?

  enum CodingKeys: String, CodingKey {
    case id, name, capacity, start, end, min, max, requests, overtaken
    case largestOvertake = "largest_overtake"
  }

  public struct Counts: Sendable, Codable, Equatable {
    public let freeBikes: Int
    public let emptySlots: Int
    init(_ counts: StationCounts) {
      freeBikes = counts.freeBikes
      emptySlots = counts.emptySlots
    }
    enum CodingKeys: String, CodingKey {
      case freeBikes = "free_bikes"
      case emptySlots = "empty_slots"
    }
  }

  init(audit: StationAudit, end: StationCounts) {
    let station = audit.station
    id = station.id
    name = station.name
    capacity = station.capacity
    start = Counts(StationCounts(freeBikes: station.freeBikes, emptySlots: station.emptySlots))
    self.end = Counts(end)
    min = Counts(audit.lowest)
    max = Counts(audit.highest)
    let overtaking = audit.overtaking
    requests = overtaking.requests
    overtaken = overtaking.overtaken
    largestOvertake = overtaking.largest
  }
}
