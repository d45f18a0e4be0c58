import Dispatch

/// Rebalancing vans in a normal run (`--vans N`): each makes as many
/// transfers as a rider makes paths, each between two different stations
/// drawn with the van's own dice, in the run's mode.
public struct VanRounds: Sendable {
  public let van: Int
  private var dice: RiderDice
  private let stationCount: Int
  private let transfers: Int
  public private(set) var result = VanResult()
  private let whereabouts: Whereabouts?

  public init(van: Int, seed: UInt64, stationCount: Int, transfers: Int, whereabouts: Whereabouts?)
  {
    precondition(stationCount >= 2, "a van moves bikes between two stations")
    self.van = van
    // A van's dice are not any rider's: the same rider numbers, another seed.
    dice = RiderDice(seed: seed ^ 0x5641_4E53_5641_4E53, rider: van)
    self.stationCount = stationCount
    self.transfers = transfers
    self.whereabouts = whereabouts
  }

  /// The van's number in the event log: negative, so that no rider has it
  /// (the log writes it "van N").
  public var logNumber: Int { -(van + 1) }

  /// The next transfer's two stations (never the same one), or nil when done.
  public mutating func next() -> (from: Int, to: Int)? {
    guard result.transfers < transfers else { return nil }
    let from = dice.station(among: stationCount)
    // Any station but `from`, uniformly.
    let other = dice.station(among: stationCount - 1)
    return (from, other < from ? other : other + 1)
  }

  /// Records how the transfer ended; the watchdog counts it as progress.
  public mutating func record(_ outcome: VanOutcome) {
    result.transfers += 1
    switch outcome {
    case .moved: result.moves += 1
    case .noBike: result.noBike += 1
    case .noSlot: result.noSlot += 1
    }
    whereabouts?.addTransfer()
  }

  /// A route's two stations in the one global order of the safe vans: by id.
  public static func ordered(_ route: (from: Int, to: Int), stations: [StationRecord])
    -> (first: Int, second: Int)
  {
    stations[route.from].id < stations[route.to].id ? route : (route.to, route.from)
  }

  /// In the run's mode: `nested` and `safe` hold both stations (`safe` in
  /// the one order of their ids); every other mode checks, then moves.
  public static func mode(for runMode: Mode) -> Mode {
    [.nested, .safe].contains(runMode) ? runMode : .racy
  }
}

/// How one transfer ended.
public enum VanOutcome: Sendable, Equatable {
  /// A bike went from the first station to the second.
  case moved
  /// Turned away: no bike at the source.
  case noBike
  /// Turned away: no empty slot at the destination.
  case noSlot

  /// What the van was turned away for, as the stations' vocabulary says it.
  public init(turnedAwayFor wanted: Want) {
    self = wanted == .bike ? .noBike : .noSlot
  }
}

/// One van's totals.
public struct VanResult: Sendable, Equatable {
  public var transfers = 0
  public var moves = 0
  public var noBike = 0
  public var noSlot = 0

  public init() {}

  public var turnedAway: Int { noBike + noSlot }
}

extension Simulation {
  /// One van of a blocking era, on the thread that calls it: each transfer
  /// made by `transfer` (given the trip: the route, its stations in id
  /// order, the van's number in the log), a leg between transfers, until
  /// all are made or Ctrl-C.
  public func driveVan(_ index: Int, transfer: (VanTrip) -> VanOutcome?) -> VanResult {
    // The leg: a wait that Ctrl-C ends at once.
    let stopped = DispatchGroup()
    stopped.enter()
    stop.onStop { stopped.leave() }
    let leg = configuration.legDuration
    var rounds = rounds(for: index)
    while !stop.isStopped, let route = rounds.next() {
      // Nil only when a scripted gate gives up on the van: counted as turned away.
      rounds.record(transfer(trip(index, route, logNumber: rounds.logNumber)) ?? .noBike)
      if stopped.wait(timeout: .now() + leg.dispatchInterval) == .success { break }
    }
    return rounds.result
  }

  /// A run's van on `route`: the run's van mode, log and watchdog.
  public func trip(_ index: Int, _ route: (from: Int, to: Int), logNumber: Int) -> VanTrip {
    VanTrip(
      index: index, route: route, order: VanRounds.ordered(route, stations: stations),
      mode: vanMode, log: log, names: stations.map(\.name), whereabouts: whereabouts,
      logNumber: logNumber)
  }
}
