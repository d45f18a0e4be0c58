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

    /// A preemption: the rider that went before could have gone on, and another went.
    public func isSwitch(to step: Step) -> Bool {
      guard let previous, enabled.contains(where: { $0.rider == previous }) else { return false }
      return step.rider != previous
    }

    public var isSwitch: Bool { isSwitch(to: chosen) }
  }

  private enum Waiter {
    case task(CheckedContinuation<Void, Never>)
    case thread(DispatchSemaphore)

    func resume() {
      switch self {
      case .task(let continuation): continuation.resume()
      case .thread(let semaphore): semaphore.signal()
      }
    }
  }

  private struct State {
    var schedule: [Step]
    let riders: Set<Int>
    let continues: Bool
    /// Live (`play`): after the schedule, wait for `extend(_:)`.
    let waits: Bool
    /// Set when the gate stops to wait: who could go on (empty: all done).
    var waiting: [Step]?
    var next = 0
    var trace: [Decision] = []
    var previous: Int?
    var parked: [Int: (point: ProbePoint, waiter: Waiter)] = [:]
    var finished: Set<Int> = []
    var isOpen = false
    var failure: String?

    /// Parks a rider (or lets it straight through if the gate is open) and
    /// returns the waiters to wake.
    mutating func park(_ stop: ProbeStop, _ waiter: Waiter) -> [Waiter] {
      if isOpen { return [waiter] }
      parked[stop.rider] = (stop.point, waiter)
      return advance()
    }

    mutating func finish(_ rider: Int) -> [Waiter] {
      finished.insert(rider)
      return advance()
    }

    private mutating func advance() -> [Waiter] {
      guard !isOpen else { return [] }
      let stillRunning = riders.subtracting(finished).subtracting(parked.keys)
      guard stillRunning.isEmpty else { return [] }
      guard !parked.isEmpty else {
        if waits { waiting = [] }
        if next < schedule.count {
          let step = schedule[next]
          failure = "step \(next + 1) expects \(step), but it has finished"
        }
        return []
      }
      let enabled = parked.keys.sorted().map { Step($0, parked[$0]!.point) }
      let step: Step
      if next < schedule.count {
        step = schedule[next]
      } else if continues {
        step = enabled.first { $0.rider == previous } ?? enabled[0]
      } else if waits {
        waiting = enabled
        return []
      } else {
        return open()
      }
      guard let held = parked[step.rider], held.point == step.point else {
        let whereItIs =
          finished.contains(step.rider)
          ? "it has finished"
          : parked[step.rider].map { "it is at \(Schedule([Step(step.rider, $0.point)]))" }
            ?? "it never arrived"
        failure = "step \(next + 1) expects \(step), but \(whereItIs)"
        return open()
      }
      trace.append(Decision(enabled: enabled, chosen: step, previous: previous))
      previous = step.rider
      parked[step.rider] = nil
      next += 1
      return [held.waiter]
    }

    /// Live: one more step, played if the riders are ready for it.
    mutating func extend(_ step: Step) -> [Waiter] {
      schedule.append(step)
      waiting = nil
      return advance()
    }

    mutating func open() -> [Waiter] {
      isOpen = true
      defer { parked = [:] }
      return parked.values.map(\.waiter)
    }
  }

  private let state: Locked<State>

  /// - Parameters:
  ///   - riders: every rider that will come through; the gate waits for all of them.
  ///   - schedule: the order in which riders leave their probe points.
  ///   - continues: after the schedule, go on without a switch instead of opening.
  public init(riders: Set<Int>, schedule: [Step], continues: Bool = false) {
    state = Locked(
      State(schedule: schedule, riders: riders, continues: continues, waits: false))
    onWait = nil
  }

  /// A live gate (`play`): plays `schedule`, then waits for `extend(_:)`.
  /// `onWait` is told, each time the gate stops, who could go on (an empty
  /// list once every rider is done).
  public init(riders: Set<Int>, schedule: [Step], onWait: @escaping @Sendable ([Step]) -> Void) {
    state = Locked(State(schedule: schedule, riders: riders, continues: false, waits: true))
    self.onWait = onWait
  }

  private let onWait: (@Sendable ([Step]) -> Void)?

  /// Live: lets the rider of `step` go on from where it is parked.
  public func extend(_ step: Step) {
    release { $0.extend(step) }
  }

  /// Lets every rider go, unscripted (a game abandoned).
  public func openForEveryone() {
    release { $0.open() }
  }

  /// Runs `change` on the state, wakes who it says, and tells `onWait` if
  /// the gate has just stopped to wait.
  private func release(_ change: (inout State) -> [Waiter]) {
    let (wake, waiting) = state.withLock { state in
      let wake = change(&state)
      defer { state.waiting = nil }
      return (wake, state.waiting)
    }
    for waiter in wake { waiter.resume() }
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
        return "\(name) has not reached a probe point (it waits for a queue, a thread or a lock)"
      }
      return next + "; " + riders.joined(separator: "; ")
    }
  }

  /// Every choice made so far, in order.
  public var trace: [Decision] { state.withLock { $0.trace } }

  /// What went wrong, if the riders did not follow the schedule.
  public var failure: String? { state.withLock { $0.failure } }

  /// Steps of the schedule that have been played.
  public var stepsPlayed: Int { state.withLock { $0.next } }

  /// Async flavour: parks the task with a continuation, blocking no thread.
  public func pass(_ stop: ProbeStop) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      release { $0.park(stop, .task(continuation)) }
    }
  }

  /// Blocking flavour: holds the calling thread on a semaphore.
  public func passBlocking(_ stop: ProbeStop) {
    let semaphore = DispatchSemaphore(value: 0)
    release { $0.park(stop, .thread(semaphore)) }
    semaphore.wait()
  }

  /// The rider has left the stage; the gate stops waiting for it.
  public func finish(rider: Int) {
    release { $0.finish(rider) }
  }
}

extension RaceProbe {
  /// Holds each rider until the gate's schedule lets it go.
  public static func scripted(_ gate: ScriptedGate) -> RaceProbe {
    RaceProbe(pause: { await gate.pass($0) }, finished: { gate.finish(rider: $0) })
  }
}

extension BlockingRaceProbe {
  /// Holds the calling thread until the gate's schedule lets its rider go.
  public static func scripted(_ gate: ScriptedGate) -> BlockingRaceProbe {
    BlockingRaceProbe(pause: { gate.passBlocking($0) }, finished: { gate.finish(rider: $0) })
  }
}
