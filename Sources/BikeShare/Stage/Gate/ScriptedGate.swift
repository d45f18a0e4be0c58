import Dispatch

/// A turnstile that lets riders through probe points in a scripted order.
///
/// Riders run one at a time: the gate waits until every rider is parked at a
/// probe point (or has finished), then lets exactly the rider that the next
/// step of the schedule names go on, and waits again. The interleaving is
/// therefore the schedule's, on any machine, in any era.
///
/// When the schedule is used up, the gate either opens for everyone or, if
/// it `continues`, goes on by itself: the rider that just went goes on again
/// if it can (no switch), else the first parked rider. When the schedule
/// names a rider that is not parked where it says, the gate opens for
/// everyone (so nothing hangs) and `failure` says what went wrong. Every
/// choice it makes is kept in `trace`, which the explorer walks.
public final class ScriptedGate: Sendable {
  public struct Step: Sendable, Equatable, CustomStringConvertible {
    public let rider: Int
    public let point: ProbePoint
    public init(_ rider: Int, _ point: ProbePoint) {
      self.rider = rider
      self.point = point
    }
    /// `B:window`, as schedules are written.
    public var description: String { Schedule([self]).description }
  }

  /// One choice of the gate: who could go on, who did, and who went before.
  public struct Decision: Sendable, Equatable {
    /// The parked riders, in rider order.
    public let enabled: [Step]
    public let chosen: Step
    /// The rider released at the previous choice, if any.
    public let previous: Int?
    /// What the gate's `mark` read as it chose (the log's length, for the
    /// atlas: what each step did is what was logged until the next choice).
    public var mark = 0
    /// Who holds which stations once the chosen van went on (the transfer).
    public var holds: [Int: [Int]] = [:]

    /// A preemption: the rider that went before could have gone on, and another went.
    public func isSwitch(to step: Step) -> Bool {
      guard let previous, enabled.contains(where: { $0.rider == previous }) else { return false }
      return step.rider != previous
    }

    public var isSwitch: Bool { isSwitch(to: chosen) }
  }

  /// What holding a station means on the stage, so that the gate never
  /// lets a van go into a real wait (the transfer stage's `nested`, `safe`
  /// and `backoff`).
  public enum Holding: Sendable {
    /// Nobody holds a station across steps (the one-station stories, racy
    /// transfers, the actors era): every parked rider may go on.
    case none
    /// Passing `arrive` takes hold of the stop's station, passing `hold`
    /// takes hold of the second; a van waits while another holds it.
    case waits
    /// As `waits` at `arrive`; at `hold` the van only tries: with the
    /// station held by another, it lets go of its first and comes back to
    /// `arrive`.
    case tries
    /// The order story, racy: the app asks in the riders' order (`B:ask`
    /// only after `A:ask`); a request asked may then reach Rossio (`take`)
    /// whenever it likes.
    case asksInOrder
    /// The order story, safe: asks in order, and each request reaches
    /// Rossio only after every request asked before it has reached it.
    /// A request behind another waits inside the era's ordering tool,
    /// where no probe can park it: once the app says it has sent it
    /// (`sent`), the gate counts it as waiting in line.
    case servedInOrder
  }

  /// Why a run ended before its riders did: the vans were stuck.
  public enum Stuck: Sendable, Hashable {
    /// Vans remain and none can go on: who holds what, who waits for what.
    case deadlock(String)
    /// The run came back to a state it had been in, with nothing done in
    /// between: the steps that go round.
    case livelock(String)
  }

  private let state: Locked<State>

  /// - Parameters:
  ///   - riders: every rider that will come through; the gate waits for all of them.
  ///   - schedule: the order in which riders leave their probe points.
  ///   - continues: after the schedule, go on without a switch instead of opening.
  ///   - holding: what passing a probe point holds (the transfer stage).
  ///   - stations: the stage's station names, for the account of a deadlock.
  ///   - mark: read at each choice (and kept in the trace) without the
  ///     riders moving: the explorer's atlas gives the log's length.
  public init(
    riders: Set<Int>, schedule: [Step], continues: Bool = false, holding: Holding = .none,
    stations: [String] = [], mark: (@Sendable () -> Int)? = nil
  ) {
    state = Locked(
      State(
        schedule: schedule, riders: riders, continues: continues, waits: false, holding: holding,
        stations: stations, mark: mark))
    onWait = nil
  }

  /// A live gate (`play`): plays `schedule`, then waits for `extend(_:)`.
  /// `onWait` is told, each time the gate stops, who could go on (an empty
  /// list once every rider is done, or once the vans are stuck).
  public init(
    riders: Set<Int>, schedule: [Step], holding: Holding = .none, stations: [String] = [],
    onWait: @escaping @Sendable ([Step]) -> Void
  ) {
    state = Locked(
      State(
        schedule: schedule, riders: riders, continues: false, waits: true, holding: holding,
        stations: stations, mark: nil))
    self.onWait = onWait
  }

  private let onWait: (@Sendable ([Step]) -> Void)?

  /// Live: lets the rider of `step` go on from where it is parked.
  public func extend(_ step: Step) {
    release { $0.extend(step) }
  }

  /// Lets every rider go, unscripted (a game abandoned); vans that hold
  /// stations are told to let go and leave instead.
  public func openForEveryone() {
    release { $0.open() }
  }

  /// Runs `change` on the state, wakes who it says, and tells `onWait` if
  /// the gate has just stopped to wait.
  private func release(_ change: (inout State) -> Wakes) {
    let (wake, waiting) = state.withLock { (state: inout State) -> (Wakes, [Step]?) in
      let wake = change(&state)
      defer { state.waiting = nil }
      return (wake, state.waiting)
    }
    for (waiter, goOn) in wake { waiter.resume(goOn: goOn) }
    if let waiting { onWait?(waiting) }
  }

  /// Changes each time a step is played or a rider finishes.
  public var progress: Int { state.withLock { $0.next + $0.finished.count } }

  /// Where every rider is, for a stalled run: who is parked where, and who
  /// never reached a probe point.
  public var whereEveryoneIs: String {
    state.withLock { state in
      let next =
        state.next < state.schedule.count
        ? "step \(state.next + 1) (\(state.schedule[state.next])) is next"
        : "the schedule is played"
      let riders = state.riders.sorted().map { rider -> String in
        let name = Schedule.name(rider)
        if state.finished.contains(rider) { return "\(name) is done" }
        if let parked = state.parked[rider] {
          return "\(name) waits at \(Schedule([Step(rider, parked.point)])) for the gate"
        }
        if state.asleep.contains(rider) { return "\(name) sleeps in the line" }
        if state.inLine.contains(rider) || state.toBeAsked.contains(rider) {
          return "\(name) \(state.whyWaits(rider, nil))"
        }
        return "\(name) has not reached a probe point (it waits for a queue, a thread or a lock)"
      }
      return next + "; " + riders.joined(separator: "; ")
    }
  }

  /// Every choice made so far, in order.
  public var trace: [Decision] { state.withLock { $0.trace } }

  /// What went wrong, if the riders did not follow the schedule.
  public var failure: String? { state.withLock { $0.failure } }

  /// Set if the vans got stuck: a deadlock or a livelock, and its account.
  public var stuck: Stuck? { state.withLock { $0.stuck } }

  /// The vans parked where they cannot go on, and why: "waits for Chiado,
  /// which B holds"; riders asleep in the wait story's line: "sleeps in the line".
  public var blocked: [Int: String] {
    state.withLock { state in
      var blocked: [Int: String] = [:]
      for (rider, at) in state.parked where !state.canGo(rider, at) {
        blocked[rider] = state.whyWaits(rider, at)
      }
      for rider in state.inLine + state.toBeAsked {
        blocked[rider] = state.whyWaits(rider, nil)
      }
      // The wait story: only a dock (or a call-off) wakes a sleeper.
      for rider in state.asleep { blocked[rider] = "sleeps in the line" }
      return blocked
    }
  }

  /// Steps of the schedule that have been played.
  public var stepsPlayed: Int { state.withLock { $0.next } }

  /// Async flavour: parks the task with a continuation, blocking no thread.
  /// - Returns: false if the gate gave up on the run (let go, and leave).
  @discardableResult
  public func pass(_ stop: ProbeStop) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      release { $0.park(stop, Waiter(continuation)) }
    }
  }

  /// Blocking flavour: holds the calling thread on a semaphore.
  /// - Returns: false if the gate gave up on the run (let go, and leave).
  @discardableResult
  public func passBlocking(_ stop: ProbeStop) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let waiter = Waiter(semaphore)
    release { $0.park(stop, waiter) }
    semaphore.wait()
    return waiter.goesOn
  }

  /// Parks holding no thread: `answer` is told whether to go on (false:
  /// the gate gave up on the run) on the thread that lets the rider go,
  /// outside the gate's lock. The callbacks and operations eras' wait
  /// story: the answer sends the rider's next request, or queues its next
  /// operations, and returns.
  public func pass(_ stop: ProbeStop, then answer: @escaping @Sendable (Bool) -> Void) {
    release { $0.park(stop, Waiter(answer)) }
  }

  /// The rider has left the stage; the gate stops waiting for it.
  public func finish(rider: Int) {
    release { $0.finish(rider) }
  }

  /// Where `rider` is between probe points. `sent`, the order story: the
  /// app has handed the rider's request to the era; until then the gate
  /// waits for the app, so that what the app logs as it sends comes before
  /// the next step. `asleep`, the wait story: the rider is in the line and
  /// no probe can park it; the gate stops waiting for it (a run may end
  /// with it asleep). `woken`: the gate waits for it again, until it parks
  /// or finishes.
  public func note(rider: Int, _ note: ProbeNote) {
    release { $0.note(rider, note) }
  }

  /// The order story: as `note(rider:_:)` with `sent`.
  public func sent(rider: Int) { note(rider: rider, .sent) }
}

extension RaceProbe {
  /// Holds each rider until the gate's schedule lets it go.
  public static func scripted(_ gate: ScriptedGate) -> RaceProbe {
    RaceProbe(
      pause: { await gate.pass($0) }, pass: { await gate.pass($0) },
      finished: { gate.finish(rider: $0) }, note: { gate.note(rider: $0, $1) })
  }
}

extension BlockingRaceProbe {
  /// Holds the calling thread until the gate's schedule lets its rider go.
  public static func scripted(_ gate: ScriptedGate) -> BlockingRaceProbe {
    BlockingRaceProbe(
      pause: { gate.passBlocking($0) }, pass: { gate.passBlocking($0) },
      finished: { gate.finish(rider: $0) }, note: { gate.note(rider: $0, $1) },
      later: { gate.pass($0, then: $1) })
  }
}
