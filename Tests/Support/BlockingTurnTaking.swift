import BikeShare
import Dispatch
import Synchronization

/// `TurnTaking` for the blocking eras: one rider at a time visits a station,
/// first come, first served. A waiting rider holds its thread, so each rider
/// needs a thread of its own.
public final class BlockingTurnTaking: Sendable {
  private struct State {
    var holder: Int?
    var queue: [(rider: Int, waiter: DispatchSemaphore)] = []
    /// No turn is given until this many riders are queued (then it is 0).
    var startingLine: Int

    mutating func handOn() -> DispatchSemaphore? {
      guard holder == nil, !queue.isEmpty, queue.count >= startingLine else { return nil }
      startingLine = 0
      let next = queue.removeFirst()
      holder = next.rider
      return next.waiter
    }
  }

  private let state: Mutex<State>

  /// - Parameter startingLine: riders that must all be waiting at a station
  ///   before the first turn is given (so none can ride alone before the
  ///   others have started, however the threads are scheduled).
  public init(startingLine: Int = 0) {
    state = Mutex(State(startingLine: startingLine))
  }

  public var probe: BlockingRaceProbe {
    BlockingRaceProbe(
      pause: { stop in if stop.point == .arrive { self.arrive(stop.rider) } },
      finished: { self.finish($0) })
  }

  private func arrive(_ rider: Int) {
    let waiter = DispatchSemaphore(value: 0)
    let next = state.withLock { state in
      if state.holder == rider { state.holder = nil }
      state.queue.append((rider, waiter))
      return state.handOn()
    }
    next?.signal()
    waiter.wait()
  }

  private func finish(_ rider: Int) {
    let next = state.withLock { state in
      if state.holder == rider { state.holder = nil }
      return state.handOn()
    }
    next?.signal()
  }
}
