import Dispatch
import Synchronization

/// A turnstile that lets riders through probe points in a scripted order.
///
/// Riders run one at a time: the gate waits until every rider is parked at a
/// probe point (or has finished), then lets exactly the rider that the next
/// step of the schedule names go on, and waits again. The interleaving is
/// therefore the schedule's, on any machine, in any era.
///
/// When the schedule is used up, or names a rider that is not parked where
/// it says, the gate opens for everyone (so nothing hangs) and `failure`
/// says what went wrong.
public final class ScriptedGate: Sendable {
  public struct Step: Sendable, Equatable, CustomStringConvertible {
    public let rider: Int
    public let point: ProbePoint
    public init(_ rider: Int, _ point: ProbePoint) {
      self.rider = rider
      self.point = point
    }
    public var description: String { "rider \(rider) at \(point.rawValue)" }
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
    let schedule: [Step]
    let riders: Set<Int>
    var next = 0
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
      guard next < schedule.count else { return open() }
      let step = schedule[next]
      guard let held = parked[step.rider], held.point == step.point else {
        let whereItIs =
          finished.contains(step.rider)
          ? "it has finished"
          : parked[step.rider].map { "it is at \($0.point.rawValue)" } ?? "it never arrived"
        failure = "step \(next + 1) expects \(step), but \(whereItIs)"
        return open()
      }
      parked[step.rider] = nil
      next += 1
      return [held.waiter]
    }

    private mutating func open() -> [Waiter] {
      isOpen = true
      defer { parked = [:] }
      return parked.values.map(\.waiter)
    }
  }

  private let state: Mutex<State>

  /// - Parameters:
  ///   - riders: every rider that will come through; the gate waits for all of them.
  ///   - schedule: the order in which riders leave their probe points.
  public init(riders: Set<Int>, schedule: [Step]) {
    state = Mutex(State(schedule: schedule, riders: riders))
  }

  /// What went wrong, if the riders did not follow the schedule.
  public var failure: String? { state.withLock { $0.failure } }

  /// Steps of the schedule that have been played.
  public var stepsPlayed: Int { state.withLock { $0.next } }

  /// Async flavour: parks the task with a continuation, blocking no thread.
  public func pass(_ stop: ProbeStop) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let wake = state.withLock { $0.park(stop, .task(continuation)) }
      for waiter in wake { waiter.resume() }
    }
  }

  /// Blocking flavour: holds the calling thread on a semaphore.
  public func passBlocking(_ stop: ProbeStop) {
    let semaphore = DispatchSemaphore(value: 0)
    let wake = state.withLock { $0.park(stop, .thread(semaphore)) }
    for waiter in wake { waiter.resume() }
    semaphore.wait()
  }

  /// The rider has left the stage; the gate stops waiting for it.
  public func finish(rider: Int) {
    let wake = state.withLock { $0.finish(rider) }
    for waiter in wake { waiter.resume() }
  }
}
