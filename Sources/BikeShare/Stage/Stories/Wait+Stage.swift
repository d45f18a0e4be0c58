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
  /// Riders 0 (A), 1 (B) and so on, without the van.
  public let riders: [Int]
  /// Rossio: empty, with a slot for every bike the van brings.
  public var station: StationRecord { cast.stations[0] }
  public var audit: StationAudit { cast.audits[0] }
  /// The van brings a bike for each rider.
  public var bikes: Int { riders.count }
  private let rest: Rest

  public init(_ cast: StageCast) {
    self.cast = cast
    riders = cast.riders.filter { $0 != Self.van }.sorted()
    rest = Rest(riders: Set(riders), bikes: riders.count)
  }

  /// Where `rider` parks, about to look for a free bike.
  public func look(_ rider: Int) -> ProbeStop { ProbeStop(rider: rider, station: 0, point: .look) }

  /// Racy: where `rider` parks, having seen no bike, about to join the line.
  public func wait(_ rider: Int) -> ProbeStop { ProbeStop(rider: rider, station: 0, point: .wait) }

  /// Where the van parks, about to dock a bike.
  public var dock: ProbeStop { ProbeStop(rider: Self.van, station: 0, point: .dock) }

  /// The era's way to call off riders asleep in its line: set before any
  /// rider or the van runs. Called at most once, with the sleepers.
  public func callOff(_ sleepers: @escaping @Sendable ([Int]) -> Void) {
    rest.state.withLock { $0.callOff = sleepers }
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
  public func joinedLine(_ rider: Int) {
    log(.joinedLine(rider: rider, station: station.name))
    cast.probe.note(rider: rider, .asleep)
    settle { $0.asleep.insert(rider) }
  }

  /// Racy: a dock woke `rider` (call it where the dock takes it out of the line).
  public func woken(_ rider: Int) {
    log(.woken(rider: rider, station: station.name))
    cast.probe.note(rider: rider, .woken)
    settle { $0.asleep.remove(rider) }
  }

  /// Safe: a dock handed `rider` the bike in the line (call it where the
  /// dock takes it out of the line).
  public func handed(_ rider: Int) {
    log(.handed(rider: rider, station: station.name))
    cast.probe.note(rider: rider, .woken)
    settle {
      $0.asleep.remove(rider)
      $0.rode += 1
    }
  }

  /// The van docked a bike: `now`, the station after it.
  public func docked(_ now: StationCounts) {
    log(.leftBike(rider: Self.van, station: station.name, now: now))
  }

  /// `rider` has ridden off, or was called off in the line.
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
    Thread { callOff(sleepers) }.start()
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
    var callOff: (@Sendable ([Int]) -> Void)?
  }

  let state: Locked<State>

  init(riders: Set<Int>, bikes: Int) { state = Locked(State(riders: riders, bikes: bikes)) }

  /// Applies `change`; once the van has left and every rider has ridden or
  /// sleeps, with someone asleep, returns (once) the call-off, the
  /// sleepers and the bikes left free beside them.
  func settle(_ change: (inout State) -> Void) -> (
    @Sendable ([Int]) -> Void, [Int], Int
  )? {
    state.withLock { state in
      change(&state)
      guard state.vanLeft, !state.asleep.isEmpty,
        state.riders.isSubset(of: state.done.union(state.asleep)), let callOff = state.callOff
      else { return nil }
      state.callOff = nil
      return (callOff, state.asleep.sorted(), state.bikes - state.rode)
    }
  }
}

/// Rossio's bikes and line in the wait story: the bookkeeping every era
/// shares, kept behind the era's own protection (a lock, a serial queue,
/// an operation queue, an actor). What an era writes itself is how it
/// guards this, and how a sleeper sleeps and is resumed (`Sleeper`: a
/// continuation, a completion, a promise, an operation).
public struct WaitingLine<Sleeper> {
  private let stage: WaitStage
  private var free: Int
  private var line: [(rider: Int, sleeper: Sleeper)] = []

  public init(_ stage: WaitStage) {
    self.stage = stage
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

  /// Joins the end of the line, asleep (logged, and told to the gate).
  public mutating func join(_ rider: Int, _ sleeper: Sleeper) {
    line.append((rider, sleeper))
    stage.joinedLine(rider)
  }

  /// The van docks a bike: safe, it is handed to the head of the line, if
  /// any; racy (or with nobody in line), it goes into a dock, and the head
  /// of the line, if any, is woken to look again. Returns the sleeper to
  /// resume, and with what.
  public mutating func dock() -> (Sleeper, WaitEnd)? {
    if stage.mode.isFix, !line.isEmpty {
      let head = line.removeFirst()
      stage.handed(head.rider)
      return (head.sleeper, .handed)
    }
    free += 1
    stage.audit.observe(counts)
    stage.docked(counts)
    guard !line.isEmpty else { return nil }
    let head = line.removeFirst()
    stage.woken(head.rider)
    return (head.sleeper, .woken)
  }

  /// The stage's call-off: the sleepers among `riders` leave the line;
  /// returns them, each to be resumed once with `.calledOff`.
  public mutating func callOff(_ riders: [Int]) -> [Sleeper] {
    let leaving = line.filter { riders.contains($0.rider) }.map(\.sleeper)
    line.removeAll { riders.contains($0.rider) }
    return leaving
  }
}
