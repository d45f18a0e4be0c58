import Foundation

/// What the wait story's riders and van are given by the stage, and what
/// they log (`Wait.swift` is the story). How a rider waits, and how a dock
/// wakes it or hands it the bike, is each era's own (its `Wait.swift`).
///
/// The stage also ends a run nobody can move on from: once the van has
/// left and every rider has ridden or sleeps in the line, it logs each
/// sleeper and calls the era's `callOff` with them (on a thread of its own,
/// never inside the era's call), so that their waits return and the run
/// ends; a rider called off leaves the line.
public struct WaitStage: StoryStage {
  /// Van V, which docks the bikes.
  public static let van = 21

  public let cast: StageCast
  /// Riders 0 (A), 1 (B) and so on, without the van (and X).
  public let riders: [Int]
  /// Rossio: empty, with a slot for every bike the van brings.
  public var station: StationRecord { cast.stations[0] }
  public var audit: StationAudit { cast.audits[0] }
  /// The van brings a bike for each rider.
  public var bikes: Int { riders.count }
  /// X, in the story with a call-off (`WaitPlot(callsOff: true)`): it calls
  /// off rider A at a moment the schedule chooses.
  public var callsOff: Bool { cast.riders.contains(CancelStage.caller) }
  private let rest: Rest

  public init(_ cast: StageCast) {
    self.cast = cast
    riders = cast.riders.filter { $0 != Self.van && $0 != CancelStage.caller }.sorted()
    rest = Rest(
      riders: Set(riders), bikes: riders.count, caller: cast.riders.contains(CancelStage.caller))
  }

  /// Where `rider` parks, about to look for a free bike.
  public func look(_ rider: Int) -> ProbeStop { ProbeStop(rider: rider, station: 0, point: .look) }

  /// Racy: where `rider` parks, having seen no bike, about to join the line.
  public func wait(_ rider: Int) -> ProbeStop { ProbeStop(rider: rider, station: 0, point: .wait) }

  /// Where the van parks, about to dock a bike.
  public var dock: ProbeStop { ProbeStop(rider: Self.van, station: 0, point: .dock) }

  /// With X only: where a rider handed the bike parks, about to read its
  /// call-off (the moment X may come between the dock and the read). nil
  /// without X: no stop, so the story's counts do not change. (A rider
  /// woken to look again reads it as it looks.)
  public func woke(_ rider: Int) -> ProbeStop? {
    callsOff ? ProbeStop(rider: rider, station: 0, point: .ride) : nil
  }

  /// The era's way to call off riders: set before any rider or the van
  /// runs. The stage calls it with the sleepers once the run is over and,
  /// with X, when X's step comes (X's thread starts here).
  public func callOff(_ callingOff: @escaping @Sendable ([Int]) -> Void) {
    rest.state.withLock { $0.callOff = callingOff }
    guard callsOff else { return }
    Stage.onAThread(reusing: cast.blockingProbe.mayWaitForOthers) { [self] in
      defer { cast.blockingProbe.finished(rider: CancelStage.caller) }
      defer { settle { $0.callerDone = true } }
      let stop = ProbeStop(rider: CancelStage.caller, station: 0, point: .cancel)
      guard cast.blockingProbe.pass(stop) else { return }
      log(.calledOff(rider: CancelStage.target, by: CancelStage.caller))
      callingOff([CancelStage.target])
      rest.landed.wait()
    }
  }

  /// `rider` looked and took a bike: `now`, the station after it.
  public func tookBike(_ rider: Int, _ now: StationCounts) {
    log(.tookBike(rider: rider, station: station.name, now: now))
    settle { $0.rode += 1 }
  }

  /// Racy: `rider` looked and saw no free bike.
  public func sawNoBike(_ rider: Int) {
    log(.sawNoBike(rider: rider, station: station.name))
  }

  /// `rider` is in the line, about to sleep: call it where the line is
  /// kept (under the station's lock, on its queue, in the actor), so that
  /// no dock can come between.
  func joinedLine(_ rider: Int) {
    log(.joinedLine(rider: rider, station: station.name))
    cast.probe.note(rider: rider, .asleep)
    settle { $0.asleep.insert(rider) }
  }

  /// Racy: a dock woke `rider` (call it where the dock takes it out of the line).
  func woken(_ rider: Int) {
    log(.woken(rider: rider, station: station.name))
    cast.probe.note(rider: rider, .woken)
    settle { $0.asleep.remove(rider) }
  }

  /// Safe: a dock handed `rider` the bike in the line (call it where the
  /// dock takes it out of the line).
  func handed(_ rider: Int) {
    log(.handed(rider: rider, station: station.name))
    cast.probe.note(rider: rider, .woken)
    settle {
      $0.asleep.remove(rider)
      $0.rode += 1
    }
  }

  /// `rider`, called off, gives back the bike it was handed.
  func gaveBack(_ rider: Int) {
    log(.gaveBack(rider: rider, station: station.name))
    settle { $0.rode -= 1 }
  }

  /// `rider` read its call-off and stops, holding nothing.
  func stopped(_ rider: Int) { log(.stopped(rider: rider, holdingBike: false)) }

  /// A call-off took `rider` out of the line: X's, which it logs; or the
  /// stage's own at the end, whose sleepers are logged already.
  func leftLine(_ rider: Int) {
    guard !rest.state.withLock(\.ended) else { return }
    stopped(rider)
    cast.probe.note(rider: rider, .woken)
    settle { $0.asleep.remove(rider) }
  }

  /// The era has done a call-off (X waits for it before it finishes).
  func callOffLanded() { rest.landed.signal() }

  /// A bike went into a dock (`by` the van, or a rider giving one back):
  /// `now`, the station after it.
  func docked(_ now: StationCounts, by rider: Int) {
    log(.leftBike(rider: rider, station: station.name, now: now))
  }

  /// `rider` has ridden off, or was called off.
  public func finished(_ rider: Int) {
    cast.probe.finished(rider: rider)
    settle { $0.done.insert(rider) }
  }

  /// The van has docked every bike it could and left.
  public func vanLeft() {
    cast.probe.finished(rider: Self.van)
    settle { $0.vanLeft = true }
  }

  private func log(_ event: @autoclosure () -> Event) { cast.log.record(event()) }

  /// Changes what the stage knows, and ends the run if nobody can move on.
  private func settle(_ change: (inout Rest.State) -> Void) {
    guard let (callOff, sleepers, free) = rest.settle(change) else { return }
    for rider in sleepers {
      log(.sleepsForEver(rider: rider, station: station.name, free: free))
    }
    Stage.onAThread(reusing: cast.blockingProbe.mayWaitForOthers) { callOff(sleepers) }
  }
}

/// How a rider's sleep in the line ended: a dock woke it (racy: it looks
/// again), a dock handed it the bike (safe), or the stage called it off.
public enum WaitEnd: Sendable, Equatable {
  case woken, handed, calledOff
}

/// Who has ridden, who sleeps, who is done: the wait stage's own account,
/// the same under the gate and on the real runtime.
final class Rest: Sendable {
  struct State {
    let riders: Set<Int>
    let bikes: Int
    var asleep: Set<Int> = []
    var done: Set<Int> = []
    var rode = 0
    var vanLeft = false
    /// Without X, true from the start.
    var callerDone: Bool
    var callOff: (@Sendable ([Int]) -> Void)?
    /// The run is over: the sleepers have been logged and called off.
    var ended = false
  }

  let state: Locked<State>
  /// Signalled each time the era has done a call-off.
  let landed = DispatchSemaphore(value: 0)

  init(riders: Set<Int>, bikes: Int, caller: Bool) {
    state = Locked(State(riders: riders, bikes: bikes, callerDone: !caller))
  }

  /// Applies `change`; once the van (and X) have left and every rider has
  /// ridden or sleeps, with someone asleep, returns (once) the call-off,
  /// the sleepers and the bikes left free beside them.
  func settle(_ change: (inout State) -> Void) -> (
    @Sendable ([Int]) -> Void, [Int], Int
  )? {
    state.withLock { state in
      change(&state)
      guard !state.ended, state.vanLeft, state.callerDone, !state.asleep.isEmpty,
        state.riders.isSubset(of: state.done.union(state.asleep)), let callOff = state.callOff
      else { return nil }
      state.ended = true
      return (callOff, state.asleep.sorted(), state.bikes - state.rode)
    }
  }
}

/// Rossio's bikes and line in the wait story: the bookkeeping every era
/// shares, kept behind the era's own protection (a lock, a serial queue,
/// an operation queue, an actor). What an era writes itself is how it
/// guards this, and how a sleeper sleeps and is resumed (`Sleeper`: a
/// continuation, a completion, a promise, an operation; `resume`, called
/// exactly once for each sleeper that joined the line, under the same
/// protection).
public struct WaitingLine<Sleeper> {
  private let stage: WaitStage
  private let resume: (Sleeper, WaitEnd) -> Void
  private var free: Int
  private var line: [(rider: Int, sleeper: Sleeper)] = []
  /// Riders called off that have not read it yet (chapter 09's rule: a
  /// rider reads its call-off before it sleeps and after every wait).
  private var calledOff: Set<Int> = []

  public init(_ stage: WaitStage, resume: @escaping (Sleeper, WaitEnd) -> Void) {
    self.stage = stage
    self.resume = resume
    free = stage.station.freeBikes
  }

  public var counts: StationCounts {
    StationCounts(freeBikes: free, emptySlots: stage.station.capacity - free)
  }

  /// Takes a free bike if there is one (the check and the act in one
  /// step), and logs it: true if the rider rides now.
  public mutating func take(_ rider: Int) -> Bool {
    guard free > 0 else { return false }
    free -= 1
    stage.audit.observe(counts)
    stage.tookBike(rider, counts)
    return true
  }

  /// Joins the end of the line, asleep (logged, and told to the gate); a
  /// rider already called off does not sleep: `sleeper` is resumed at once
  /// with `.calledOff`.
  public mutating func join(_ rider: Int, _ sleeper: Sleeper) {
    guard calledOff.remove(rider) == nil else {
      stage.stopped(rider)
      return resume(sleeper, .calledOff)
    }
    line.append((rider, sleeper))
    stage.joinedLine(rider)
  }

  /// The van docks a bike: safe, it is handed to the head of the line, if
  /// any; racy (or with nobody in line), it goes into a dock, and the head
  /// of the line, if any, is woken to look again.
  public mutating func dock() {
    if stage.mode.isFix, !line.isEmpty { return handToHead() }
    intoADock(by: WaitStage.van)
    guard !line.isEmpty else { return }
    let head = line.removeFirst()
    stage.woken(head.rider)
    resume(head.sleeper, .woken)
  }

  private mutating func handToHead() {
    let head = line.removeFirst()
    stage.handed(head.rider)
    resume(head.sleeper, .handed)
  }

  /// A call-off: each of `riders` asleep in the line leaves it, resumed
  /// with `.calledOff`; one that is not in the line reads it at its next
  /// `join` or `read(_:after:)`.
  public mutating func callOff(_ riders: [Int]) {
    for rider in riders {
      guard let place = line.firstIndex(where: { $0.rider == rider }) else {
        calledOff.insert(rider)
        continue
      }
      let leaving = line.remove(at: place)
      stage.leftLine(rider)
      resume(leaving.sleeper, .calledOff)
    }
    stage.callOffLanded()
  }

  /// Before a look: true if the rider was called off (it stops, holding
  /// nothing). A rider woken to look again reads its call-off here, in the
  /// same step as its look.
  public mutating func stops(_ rider: Int) -> Bool {
    guard calledOff.remove(rider) != nil else { return false }
    stage.stopped(rider)
    return true
  }

  /// After a wait that ended with `end`: true if the rider goes on (rides
  /// the bike it was handed, or looks again). A rider called off between
  /// the dock and this read stops, and a bike handed to it passes to the
  /// next rider in the line, or into a dock.
  public mutating func read(_ rider: Int, after end: WaitEnd) -> Bool {
    guard end != .calledOff else { return false }
    guard calledOff.remove(rider) != nil else { return true }
    if end == .handed {
      stage.gaveBack(rider)
      if !line.isEmpty { handToHead() } else { intoADock(by: rider) }
    }
    stage.stopped(rider)
    return false
  }

  private mutating func intoADock(by rider: Int) {
    free += 1
    stage.audit.observe(counts)
    stage.docked(counts, by: rider)
  }
}
