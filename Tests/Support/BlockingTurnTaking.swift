import BikeShare
import Dispatch
import Synchronization

/// `TurnTaking` for the blocking eras: one rider at a time visits a station,
/// first come, first served. A waiting rider holds its thread, so each rider
/// needs a thread of its own.
public final class BlockingTurnTaking: Sendable {
  private let state: Mutex<TurnLine<DispatchSemaphore>>

  /// - Parameter startingLine: riders that must all be waiting at a station
  ///   before the first turn is given (so none can ride alone before the
  ///   others have started, however the threads are scheduled).
  public init(startingLine: Int = 0) {
    state = Mutex(TurnLine(startingLine: startingLine))
  }

  public var probe: BlockingRaceProbe {
    BlockingRaceProbe(
      pause: { stop in if stop.point == .arrive { self.arrive(stop.rider) } },
      finished: { self.finish($0) })
  }

  private func arrive(_ rider: Int) {
    let waiter = DispatchSemaphore(value: 0)
    let next = state.withLock { $0.arrive(rider, waiter: waiter) }
    next?.signal()
    waiter.wait()
  }

  private func finish(_ rider: Int) {
    let next = state.withLock { $0.finish(rider) }
    next?.signal()
  }
}
