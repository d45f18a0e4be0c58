/// What the cancel story's riders and X are given by the stage, and what
/// they log (`Cancel.swift` is the story). How a rider is called off, and
/// how it notices, is each era's own (its `Cancel.swift`).
public struct CancelStage: StoryStage {
  /// X, the app: the participant whose one step calls off rider A.
  public static let caller = 23
  /// A: the rider X calls off.
  public static let target = 0

  public let cast: StageCast
  /// Riders 0 (A), 1 (B) and so on, without X.
  public let riders: [Int]

  /// The stage of `cast`: its riders without X. Rossio, then Chiado, are
  /// its stations (`stations`, `audits`).
  public init(_ cast: StageCast) {
    self.cast = cast
    riders = cast.riders.filter { $0 != Self.caller }
  }

  /// Rider `rider`'s trip on the stage.
  public func trip(_ rider: Int) -> CancelTrip {
    CancelTrip(rider: rider, mode: cast.mode, log: cast.log, names: cast.stations.map(\.name))
  }

  /// Where X parks: about to call off A.
  public var callOff: ProbeStop {
    ProbeStop(rider: Self.caller, station: 0, point: .cancel)
  }

  /// X has called off A (logged once the era has done it).
  public func calledOff() { cast.log.record(.calledOff(rider: Self.target, by: Self.caller)) }

  /// The blocking eras' stage: each rider, and X, on a thread of its own.
  /// X waits at its step, then calls A off in the era's way (`callingOff`).
  public func eachOnAThread(
    callingOff: @escaping @Sendable () -> Void, rider: @escaping @Sendable (Int) -> Void
  ) async {
    await Stage.eachOnAThread(
      riders + [Self.caller], reusing: cast.blockingProbe.mayWaitForOthers
    ) { index in
      defer { cast.blockingProbe.finished(rider: index) }
      guard index != Self.caller else {
        guard cast.blockingProbe.pass(callOff) else { return }
        callingOff()
        return calledOff()
      }
      rider(index)
    }
  }
}

/// A rider of the cancel stage apart from its era's way to call off: who it
/// is, where it parks, what it logs, and what it does at each step.
public struct CancelTrip: Sendable {
  public let rider: Int
  public let mode: Mode
  let log: EventLog
  let names: [String]

  /// At Rossio, on foot: about to look at its call-off, then ask for the bike.
  public var arrive: ProbeStop { ProbeStop(rider: rider, station: 0, point: .arrive) }
  /// Holding the bike, at the end of its leg to Chiado.
  public var ride: ProbeStop { ProbeStop(rider: rider, station: 1, point: .ride) }

  /// Logs what the take at Rossio gave; true if the rider has the bike.
  @discardableResult
  public func took(_ now: StationCounts?) -> Bool {
    guard let now else {
      log.record(.foundNoBike(rider: rider, station: names[0]))
      return false
    }
    log.record(.tookBike(rider: rider, station: names[0], now: now))
    return true
  }

  /// Logs the bike docked at Chiado: the ride is over.
  public func docked(_ now: StationCounts?) {
    if let now { log.record(.leftBike(rider: rider, station: names[1], now: now)) }
  }

  /// Logs the bike given back at Rossio by a rider that was called off.
  public func gaveBack(_ now: StationCounts?) {
    if let now { log.record(.leftBike(rider: rider, station: names[0], now: now)) }
  }

  /// Logs that the rider stops, called off, with the bike or without.
  public func stops(holdingBike: Bool) {
    log.record(.stopped(rider: rider, holdingBike: holdingBike))
  }

  /// The trip of a rider on a thread of its own (dispatch, futures): each
  /// argument is the era's own. `calledOff` is how the era's code notices;
  /// `take` and `dock` are the station's safe calls; `giveBack` docks at
  /// Rossio. The racy rider stops where it notices, holding the bike; the
  /// safe one gives it back first.
  public func go(
    pass: (ProbeStop) -> Bool, calledOff: () -> Bool, take: () -> StationCounts?,
    dock: () -> StationCounts?, giveBack: () -> StationCounts?
  ) {
    guard pass(arrive) else { return }
    if calledOff() { return stops(holdingBike: false) }
    guard took(take()), pass(ride) else { return }
    if calledOff() { return stopsWithTheBike(giveBack: giveBack) }
    docked(dock())
  }

  /// Called off while it holds the bike: racy stops with it, safe gives it back.
  private func stopsWithTheBike(giveBack: () -> StationCounts?) {
    if mode.isFix { gaveBack(giveBack()) }
    stops(holdingBike: !mode.isFix)
  }
}
