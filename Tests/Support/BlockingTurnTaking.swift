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

    mutating func handOn() -> DispatchSemaphore? {
      guard holder == nil, !queue.isEmpty else { return nil }
      let next = queue.removeFirst()
      holder = next.rider
      return next.waiter
    }
  }

  private let state = Mutex(State())

  public init() {}

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
