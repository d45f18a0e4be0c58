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
  /// Who is where, and the visits and transfers finished: for the watchdog.
  public let whereabouts: Whereabouts
  /// `--call-off`: the riders the app calls off, and what became of them.
  public let callOffs: CallOffs?

  public init(
    mode: Mode, configuration: Configuration, selection: Selection, log: EventLog,
    stop: StopSwitch = StopSwitch(), probe: RaceProbe? = nil,
    blockingProbe: BlockingRaceProbe? = nil
  ) {
    self.mode = mode
    self.configuration = configuration
    self.stations = selection.stations
    self.audits = selection.stations.map(StationAudit.init)
    self.goal = selection.goal
    self.log = log
    self.stop = stop
    self.probe = probe ?? .waiting(configuration.raceWindow, log: log)
    self.blockingProbe = blockingProbe ?? .waiting(configuration.raceWindow, log: log)
    whereabouts = Whereabouts(
      riders: configuration.riders, vans: configuration.vans, stations: selection.stations.count)
    callOffs =
      configuration.deadlineMilliseconds > 0
      ? CallOffs(
        deadline: .milliseconds(configuration.deadlineMilliseconds),
        riders: configuration.riders, givesBack: mode.isFix)
      : configuration.callOffs == 0
        ? nil
        : CallOffs(
          count: configuration.callOffs, riders: configuration.riders,
          rides: min(configuration.paths, CallOffs.rides), seed: configuration.seed,
          givesBack: mode.isFix)
  }

  public var riders: Range<Int> { 0..<configuration.riders }

  /// How riders visit: `nested` is a mode of the vans, and its riders are safe.
  public var riderMode: Mode { mode == .nested ? .safe : mode }

  /// How vans transfer in this run's mode (`VanRounds.mode(for:)`).
  public var vanMode: Mode { VanRounds.mode(for: mode) }

  /// The era's stations, one per selected station, each with its audit.
  public func makeStations<Station>(_ make: (StationRecord, StationAudit) -> Station)
    -> [Station]
  {
    zip(stations, audits).map(make)
  }

  /// A fresh journey with the rider's own dice.
  /// - Parameter sendsAtPick: false for an era that plans a visit before it
  ///   sends it (operations plan the next visit as a leg begins): it calls
  ///   `RequestStamp.send()` itself.
  public func journey(for rider: Int, sendsAtPick: Bool = true) -> Journey {
    Journey(
      rider: rider, seed: configuration.seed, stationCount: stations.count,
      paths: configuration.paths, goal: goal, givesUp: !mode.isFix, whereabouts: whereabouts,
      callOffs: callOffs, audits: audits, sendsAtPick: sendsAtPick)
  }

  public var vans: Range<Int> { 0..<configuration.vans }

  /// A fresh van's rounds, with the van's own dice.
  public func rounds(for van: Int) -> VanRounds {
    VanRounds(
      van: van, seed: configuration.seed, stationCount: stations.count,
      transfers: configuration.paths, whereabouts: whereabouts)
  }
}

/// The stage of `replay`, `explore` and `stress`: one station, a few riders,
/// one visit each (by default the README's story: A and B arrive by bike at
/// a station with a single empty slot).
public struct ReplayStage: Sendable {
  public let mode: Mode
  public let station: StationRecord
  public let audit: StationAudit
  /// Riders 0 (A), 1 (B) and so on; each makes one visit.
  public let riders: [Int]
  /// What every rider wants: an empty slot (the README's story) or a bike.
  public let want: Want
  public let probe: RaceProbe
  public let blockingProbe: BlockingRaceProbe
  public let log: EventLog
  /// The options the era was started with (for an era's own, such as `--lock`).
  public let configuration: Configuration

  public init(
    mode: Mode, station: StationRecord, audit: StationAudit, riders: [Int],
    want: Want = .emptySlot, probe: RaceProbe, blockingProbe: BlockingRaceProbe, log: EventLog,
    configuration: Configuration = Configuration()
  ) {
    self.want = want
    self.mode = mode
    self.station = station
    self.audit = audit
    self.riders = riders
    self.probe = probe
    self.blockingProbe = blockingProbe
    self.log = log
    self.configuration = configuration
  }

  /// A journey of one visit, for a rider of the stage.
  public func journey(for rider: Int) -> Journey {
    Journey(rider: rider, seed: 0, stationCount: 1, paths: 1, goal: nil)
  }
}

/// What an era hands back after a run: every rider's totals and every
/// station's counts at the end (in `Simulation.stations` order).
public struct RunOutcome: Sendable {
  public let riders: [RiderResult]
  public let stations: [StationCounts]
  /// Every van's totals (`--vans`).
  public let vans: [VanResult]
  /// Era-specific lines for the report (e.g. operations in flight per queue).
  public let notes: [String]

  public init(
    riders: [RiderResult], stations: [StationCounts], vans: [VanResult] = [], notes: [String] = []
  ) {
    self.riders = riders
    self.stations = stations
    self.vans = vans
    self.notes = notes
  }
}
