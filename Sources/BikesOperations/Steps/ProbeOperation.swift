import BikeShare
import Foundation

/// The rider's probe point: arriving at a station, or (racy mode) the race
/// window between check and act. Runs on the riders' queue, never on a
/// station's, so a probe that holds the rider never holds the station.
final class ProbeOperation: Step, @unchecked Sendable {
  let stop: ProbeStop
  private let probe: BlockingRaceProbe
  /// The race window's check: a rider whose check found nothing is turned
  /// away at once, and does not stop in the window.
  private let check: CheckOperation?

  init(_ stop: ProbeStop, probe: BlockingRaceProbe, after check: CheckOperation? = nil) {
    self.stop = stop
    self.probe = probe
    self.check = check
    super.init(rider: stop.rider, doing: stop.point.rawValue)
  }

  override func main() {
    guard begin() else { return }
    if let check, let seen = check.available, seen <= 0 { return }
    probe.pause(stop)
  }
}
