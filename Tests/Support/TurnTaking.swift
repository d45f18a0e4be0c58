import BikeShare
import Synchronization

/// A probe that lets one rider at a time visit a station: a rider takes its
/// turn when it arrives and hands it on when it arrives at the next station
/// (or finishes). Turns are first come, first served.
///
/// It makes every visit atomic, in racy mode too, so a test can check the
/// simulation's rules (who waits, who rides) without the race blurring them.
public final class TurnTaking: Sendable {
  private let state: Mutex<TurnLine<CheckedContinuation<Void, Never>>>

  /// - Parameter startingLine: riders that must all be waiting at a station
  ///   before the first turn is given (so none can ride alone before the
  ///   others have started, however the tasks are scheduled).
  public init(startingLine: Int = 0) {
    state = Mutex(TurnLine(startingLine: startingLine))
  }

  public var probe: RaceProbe {
    RaceProbe(
      pause: { stop in if stop.point == .arrive { await self.arrive(stop.rider) } },
      finished: { self.finish($0) })
  }

  private func arrive(_ rider: Int) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let next = state.withLock { $0.arrive(rider, waiter: waiter) }
      next?.resume()
    }
  }

  private func finish(_ rider: Int) {
    let next = state.withLock { $0.finish(rider) }
    next?.resume()
  }
}
