import BikeShare
import Foundation

/// The end of the run: it depends on every rider's `DoneOperation` (through
/// crews: `Queues.depend`) and on each van's end, so when it runs nothing
/// of the run is left in any queue, and the stations' counters can be read.
final class SummaryOperation: Step, @unchecked Sendable {
  private let riders: [DoneOperation]
  private let stations: [Station]
  private let notes: @Sendable () -> [String]
  private let vans: @Sendable () -> [VanResult]
  private let delivered: @Sendable (RunOutcome) -> Void

  init(
    riders: [DoneOperation], stations: [Station], notes: @escaping @Sendable () -> [String],
    vans: @escaping @Sendable () -> [VanResult] = { [] },
    delivered: @escaping @Sendable (RunOutcome) -> Void
  ) {
    self.riders = riders
    self.stations = stations
    self.notes = notes
    self.vans = vans
    self.delivered = delivered
    super.init(rider: -1, doing: "summary")
  }

  override func main() {
    delivered(
      RunOutcome(
        riders: riders.map { $0.result ?? RiderResult() },
        stations: stations.map(\.countsAfterRun), vans: vans(), notes: notes()))
  }
}
