/// What the transfer's vans are given by the stage, and the modes that are
/// the transfer's own (`Transfer.swift` is the story).
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

extension EraInfo {
  /// The modes of the transfer stage (`--story transfer`).
  public var transferModes: [Mode] { Story.transfer.plot.modes(for: self) }
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

  /// Van `van`'s trip on the stage (logged as A, B, ...).
  public func trip(_ van: Int) -> VanTrip {
    VanTrip(
      index: van, route: route(van), order: ordered(van), mode: mode, log: log,
      names: stations.map(\.name))
  }
}

extension StationRecord {
  /// Rossio, the first of the two stations of the transfer and cancel
  /// stories: its id sorts before Chiado's (the safe vans' one order).
  public static func rossio(freeBikes: Int, emptySlots: Int) -> StationRecord {
    StationRecord(id: "x-rossio", name: "Rossio", freeBikes: freeBikes, emptySlots: emptySlots)
  }

  /// Chiado, the second of the two.
  public static func chiado(freeBikes: Int, emptySlots: Int) -> StationRecord {
    StationRecord(id: "y-chiado", name: "Chiado", freeBikes: freeBikes, emptySlots: emptySlots)
  }
}
