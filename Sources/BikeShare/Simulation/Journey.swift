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
  /// `--call-off`: the run's call-offs, and the ride on which this rider's comes.
  private let callOffs: CallOffs?
  private var returningBike = false
  private var visitsAfterCallOff = 0
  /// The journey's request on its way (nil on a stage, which has no audits):
  /// each era makes it `RequestStamp.current` where its rider sends.
  public let request: RequestStamp?
  /// Whether `pickStation()` sends the request too (else the era does).
  private let sendsAtPick: Bool

  /// A rider of a mode that shows a bug gives up after this many visits in a
  /// row without a bike or a slot: a bug that never lets anyone on (lost
  /// updates, or a broken exercise) ends the run instead of hanging it.
  public static let patience = 1_000

  /// - Parameter givesUp: stop after `patience` turn-aways in a row (never in safe mode).
  public init(
    rider: Int, seed: UInt64, stationCount: Int, paths: Int, goal: Int?, givesUp: Bool = false,
    whereabouts: Whereabouts? = nil, callOffs: CallOffs? = nil, audits: [StationAudit] = [],
    sendsAtPick: Bool = true
  ) {
    request = audits.isEmpty ? nil : RequestStamp(audits: audits)
    self.sendsAtPick = sendsAtPick
    self.whereabouts = whereabouts
    self.callOffs = callOffs.flatMap { $0.plan[rider] == nil ? nil : $0 }
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

  /// Draws the next station, uniformly, the current one included, and
  /// sends it the rider's request (`RequestStamp.send()`) unless the era
  /// sends it later.
  public mutating func pickStation() -> Int {
    let next = dice.station(among: stationCount)
    station = next
    request?.aim(at: next)
    if sendsAtPick { request?.send() }
    if result.calledOff { visitsAfterCallOff += 1 }
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
        return over()
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
        return over()
      }
      if result.paths >= paths || returningBike { return over() }
    }
    result.normalLegs += 1
    return .leg(.normal)
  }

  // MARK: - Called off (`--call-off`)

  /// At the start of a leg: whether the app calls this rider off now. True
  /// once, as the rider sets off on the ride the dice chose for it (the era
  /// then calls it off in its own idiom).
  public mutating func callOffDue() -> Bool {
    guard let callOffs, !result.calledOff, result.holdsBike,
      callOffs.plan[rider] == result.paths + 1
    else { return false }
    result.calledOff = true
    callOffs.calledOff(rider: rider)
    return true
  }

  /// `--deadline-ms`: how long after it sets out the rider is called off
  /// (nil: no deadline). Its era sets the timer, in its own idiom.
  public var deadline: Duration? { callOffs?.deadline }

  /// `--deadline-ms`: the rider's timer has fired; written down now, before
  /// the era calls the rider off. The rider learns of it where it looks.
  public func deadlinePassed() { callOffs?.calledOff(rider: rider) }

  /// The rider has noticed its call-off, where its era's code looks: the
  /// app's (`callOffDue()` came first) or its deadline's. In racy mode it
  /// stops there, holding what it holds; in safe mode, holding a bike, it
  /// rides on until it has docked it (the next visit that finds an empty
  /// slot), then stops.
  /// - Returns: whether the rider stops now.
  public mutating func noticedCallOff() -> Bool {
    guard let callOffs, result.calledOff || callOffs.deadline != nil else { return false }
    result.calledOff = true
    if callOffs.givesBack, result.holdsBike {
      returningBike = true
      return false
    }
    _ = over()
    return true
  }

  /// The journey ends here; a called-off rider's stop is written down.
  private mutating func over() -> NextStep {
    if result.calledOff {
      callOffs?.stopped(rider: rider, visitsAfter: visitsAfterCallOff)
    }
    return .over
  }

  /// A blocking era's rider, on the thread that calls it: `visit` each
  /// station picked (true: it got what it wanted), and `leg` after each
  /// visit (true: the run was stopped), until the journey is over. The
  /// visit and the leg are the era's; the loop is the same in each.
  /// `--call-off`: `callOff` is the app calling this rider off, as it sets
  /// off on the ride the dice chose; `calledOff` is where the rider looks,
  /// once each leg is over.
  public func ride(
    log: EventLog, stations: [String], visit: (Int, Want) -> Bool, leg: () -> Bool,
    callOff: () -> Void = {}, calledOff: () -> Bool = { false }
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
        if journey.callOffDue() { callOff() }
        if leg() { return journey.result }
        if calledOff(), journey.noticedCallOff() { return journey.result }
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
  /// `--call-off`: the app called this rider off.
  public var calledOff = false

  public init() {}
}
