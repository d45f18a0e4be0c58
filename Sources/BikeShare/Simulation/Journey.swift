/// The rules of one rider's journey, the same in every era.
///
/// An era asks `pickStation()` where to go, asks the station (its own way)
/// for what the rider `wants`, and tells `record(_:)` the answer. The journey
/// counts legs and paths and says what comes next: a leg to walk or ride
/// (and sleep), or the end.
public struct Journey: Sendable {
  public let rider: Int
  private var dice: RiderDice
  private let stationCount: Int
  private let paths: Int
  private let goal: Int?
  public private(set) var result = RiderResult()
  private var station: Int?
  private let givesUp: Bool
  private var turnedAwayInARow = 0
  /// Told of every visit, for the watchdog (shared by the run's journeys).
  private let whereabouts: Whereabouts?

  /// A rider of a mode that shows a bug gives up after this many visits in a
  /// row without a bike or a slot: a bug that never lets anyone on (lost
  /// updates, or a broken exercise) ends the run instead of hanging it.
  public static let patience = 1_000

  /// - Parameter givesUp: stop after `patience` turn-aways in a row (never in safe mode).
  public init(
    rider: Int, seed: UInt64, stationCount: Int, paths: Int, goal: Int?, givesUp: Bool = false,
    whereabouts: Whereabouts? = nil
  ) {
    self.whereabouts = whereabouts
    self.rider = rider
    self.dice = RiderDice(seed: seed, rider: rider)
    self.stationCount = stationCount
    self.paths = paths
    self.goal = goal
    self.givesUp = givesUp
  }

  /// Every rider starts on foot and wants a bike; once riding it wants a slot.
  public var wants: Want { result.holdsBike ? .emptySlot : .bike }

  /// True once the rider has done all its paths or reached its goal.
  public var isOver: Bool { result.reachedGoal || result.paths >= paths }

  /// Draws the next station, uniformly, the current one included.
  public mutating func pickStation() -> Int {
    let next = dice.station(among: stationCount)
    station = next
    whereabouts?.arrive(rider: rider, station: next, wanting: wants)
    return next
  }

  /// Records the station's answer at the picked station.
  /// - Parameter succeeded: the rider took (or left) a bike.
  /// - Returns: the leg that follows, or `.over` if the rider is done.
  public mutating func record(_ succeeded: Bool) -> NextStep {
    precondition(station != nil, "record(_:) follows pickStation()")
    defer { station = nil }
    whereabouts?.leave(rider: rider)
    whereabouts?.add()
    guard succeeded else {
      result.waitingLegs += 1
      turnedAwayInARow += 1
      if givesUp, turnedAwayInARow >= Self.patience {
        result.gaveUp = true
        return .over
      }
      return .leg(.waiting)
    }
    turnedAwayInARow = 0
    switch wants {
    case .bike:
      result.holdsBike = true
    case .emptySlot:
      result.holdsBike = false
      result.paths += 1
      if station == goal {
        result.reachedGoal = true
        return .over
      }
      if result.paths >= paths { return .over }
    }
    result.normalLegs += 1
    return .leg(.normal)
  }

  /// A blocking era's rider, on the thread that calls it: `visit` each
  /// station picked (true: it got what it wanted), and `leg` after each
  /// visit (true: the run was stopped), until the journey is over. The
  /// visit and the leg are the era's; the loop is the same in each.
  public func ride(
    log: EventLog, stations: [String], visit: (Int, Want) -> Bool, leg: () -> Bool
  ) -> RiderResult {
    var journey = self
    while true {
      let station = journey.pickStation()
      let succeeded = visit(station, journey.wants)
      switch journey.record(succeeded) {
      case .over:
        if journey.result.reachedGoal {
          log.record(.reachedGoal(rider: journey.rider, station: stations[station]))
        }
        return journey.result
      case .leg:
        if leg() { return journey.result }
      }
    }
  }
}

/// What a rider asks a station for.
public enum Want: Sendable, Equatable {
  case bike
  case emptySlot

  /// The counter a rider checks: free bikes to take one, empty slots to leave one.
  public var counter: Counter { self == .bike ? .freeBikes : .emptySlots }
}

/// What follows a visit to a station.
public enum NextStep: Sendable, Equatable {
  /// Walk or ride to the next station (a normal leg), or move on because the
  /// station could not help (a waiting leg).
  case leg(Leg)
  /// Paths done, or the goal reached.
  case over

  public enum Leg: Sendable, Equatable {
    case normal, waiting
  }
}

/// One rider's totals.
public struct RiderResult: Sendable, Equatable {
  public var normalLegs = 0
  public var waitingLegs = 0
  public var paths = 0
  public var reachedGoal = false
  /// Still riding when the run ended (only after Ctrl-C); needed for conservation.
  public var holdsBike = false
  /// Stopped after `Journey.patience` visits in a row without a bike or a slot.
  public var gaveUp = false

  public init() {}
}
