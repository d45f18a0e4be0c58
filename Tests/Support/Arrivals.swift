import BikeShare
import Synchronization

/// Pulls the stop switch when the n-th rider arrives at a station.
public final class Arrivals: Sendable {
  private let count = Mutex(0)
  private let limit: Int
  private let stop: StopSwitch

  public init(stopAfter limit: Int, stop: StopSwitch) {
    self.limit = limit
    self.stop = stop
  }

  public func arrived() {
    if count.withLock({
      $0 += 1
      return $0
    }) == limit {
      stop.stop()
    }
  }
}
