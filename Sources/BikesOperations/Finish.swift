import BikeShare
import Foundation
import Synchronization

/// A rider's final operation. It depends on every step of the rider's
/// journey, so it runs once all of them have finished (or been cancelled),
/// and reads the rider's totals.
final class DoneOperation: Step, @unchecked Sendable {
  private let source = Mutex<(@Sendable () -> RiderResult)?>(nil)
  private let stored = Mutex<RiderResult?>(nil)

  init(rider: Int) {
    super.init(rider: rider, name: "rider \(rider + 1): done")
  }

  /// Where the totals come from (set once by the rider, which owns this operation).
  func reads(_ totals: @escaping @Sendable () -> RiderResult) {
    source.withLock { $0 = totals }
  }

  var result: RiderResult? { stored.withLock { $0 } }

  // Never cancelled: it runs on the run's queue, which Ctrl-C leaves alone.
  override func main() {
    let totals = source.withLock { $0 }?()
    stored.withLock { $0 = totals }
  }
}

/// The end of the run: it depends on every rider's `DoneOperation`, so when
/// it runs nothing of the run is left in any queue, and the stations'
/// counters can be read.
final class SummaryOperation: Step, @unchecked Sendable {
  private let stations: [Station]
  private let notes: @Sendable () -> [String]
  private let delivered: @Sendable (RunOutcome) -> Void

  init(
    stations: [Station], notes: @escaping @Sendable () -> [String],
    delivered: @escaping @Sendable (RunOutcome) -> Void
  ) {
    self.stations = stations
    self.notes = notes
    self.delivered = delivered
    super.init(rider: -1, name: "summary")
  }

  override func main() {
    let riders = dependencies.compactMap { $0 as? DoneOperation }.sorted { $0.rider < $1.rider }
    delivered(
      RunOutcome(
        riders: riders.map { $0.result ?? RiderResult() },
        stations: stations.map(\.countsAfterRun), notes: notes()))
  }
}
