import BikeShare
import Foundation

/// The end of the run: it depends on every rider's `DoneOperation` (and on
/// each van's end), so when it runs nothing of the run is left in any
/// queue, and the stations' counters can be read.
final class SummaryOperation: Step, @unchecked Sendable {
  private let stations: [Station]
  private let notes: @Sendable () -> [String]
  private let vans: @Sendable () -> [VanResult]
  private let delivered: @Sendable (RunOutcome) -> Void

  init(
    stations: [Station], notes: @escaping @Sendable () -> [String],
    vans: @escaping @Sendable () -> [VanResult] = { [] },
    delivered: @escaping @Sendable (RunOutcome) -> Void
  ) {
    self.stations = stations
    self.notes = notes
    self.vans = vans
    self.delivered = delivered
    super.init(rider: -1, name: "summary")
  }

  override func main() {
    let riders = dependencies.compactMap { $0 as? DoneOperation }.sorted { $0.rider < $1.rider }
    delivered(
      RunOutcome(
        riders: riders.map { $0.result ?? RiderResult() },
        stations: stations.map(\.countsAfterRun), vans: vans(), notes: notes()))
  }
}
