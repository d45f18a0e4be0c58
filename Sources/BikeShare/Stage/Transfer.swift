/// The transfer stage (`--story transfer`): two stations, and vans that each
/// move one bike from one to the other as one transfer. Holding both
/// stations is the first fix people reach for; held in two orders, it
/// deadlocks.
extension Mode {
  /// The transfer stage: hold the source, then the destination as well.
  public static let nested = Mode(rawValue: "nested")
  /// The transfer stage, blocking eras: hold the source, try the
  /// destination, and let go and start again if another van holds it.
  public static let backoff = Mode(rawValue: "backoff")

  /// The modes of the transfer stage in an era: the race, the natural first
  /// fix, the era's fix, and (where a station can really be held) back-off.
  public static func transfer(holdsStations: Bool) -> [Mode] {
    holdsStations ? [.racy, .nested, .safe, .backoff] : [.racy, .nested, .safe]
  }
}

extension Story {
  /// Rossio (X) and Chiado (Y), 1 free bike and 1 empty slot each. Their
  /// ids sort Rossio first: the one global order of the safe vans.
  public static let transferStations = [
    StationRecord(id: "x-rossio", name: "Rossio", freeBikes: 1, emptySlots: 1),
    StationRecord(id: "y-chiado", name: "Chiado", freeBikes: 1, emptySlots: 1),
  ]

  /// The stage's stations: one, or two for the transfer.
  public var stations: [StationRecord] {
    self == .transfer ? Self.transferStations : [station]
  }
}

/// What an era needs to play the transfer stage.
public struct TransferStage: Sendable {
  public let mode: Mode
  /// Rossio, then Chiado.
  public let stations: [StationRecord]
  /// One per station, in the same order.
  public let audits: [StationAudit]
  /// Vans 0 (A), 1 (B) and so on; each makes one transfer.
  public let vans: [Int]
  public let probe: RaceProbe
  public let blockingProbe: BlockingRaceProbe
  public let log: EventLog
  /// The options the era was started with (`--lock`, `--fix`, ...).
  public let configuration: Configuration

  public init(
    mode: Mode, stations: [StationRecord], audits: [StationAudit], vans: [Int], probe: RaceProbe,
    blockingProbe: BlockingRaceProbe, log: EventLog, configuration: Configuration = Configuration()
  ) {
    self.mode = mode
    self.stations = stations
    self.audits = audits
    self.vans = vans
    self.probe = probe
    self.blockingProbe = blockingProbe
    self.log = log
    self.configuration = configuration
  }

  /// A, C move a bike from Rossio to Chiado; B, D from Chiado to Rossio.
  public static func route(_ van: Int) -> (from: Int, to: Int) {
    van.isMultiple(of: 2) ? (0, 1) : (1, 0)
  }

  public func route(_ van: Int) -> (from: Int, to: Int) { Self.route(van) }

  /// The two stations in the one order every safe van takes them: by id.
  public func ordered(_ van: Int) -> (first: Int, second: Int) {
    VanRounds.ordered(route(van), stations: stations)
  }
}

extension Schedule {
  /// The transfer's story without `--schedule`: every van arrives in turn
  /// and the rest follows without a switch. In `nested` that is the
  /// deadlock: A holds Rossio, B holds Chiado, and each waits for the other.
  /// Safe: A arrives first (B would wait for the station A holds). Racy: every
  /// van checks, then the last to check moves first.
  static func transferStory(_ mode: Mode, riders: Int) -> Schedule {
    let arrivals = (0..<riders).map { ScriptedGate.Step($0, .arrive) }
    switch mode {
    case .safe: return Schedule([arrivals[0]])
    case .racy:
      return Schedule(arrivals + (0..<riders).reversed().map { ScriptedGate.Step($0, .raceWindow) })
    default: return Schedule(arrivals)
    }
  }
}
