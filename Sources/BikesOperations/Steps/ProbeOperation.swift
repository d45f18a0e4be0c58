import BikeShare
import Foundation

/// The rider's probe point: arriving at a station, or (racy mode) the race
/// window between check and act. Runs on the riders' queue, never on a
/// station's, so a probe that holds the rider never holds the station.
final class ProbeOperation: Step, @unchecked Sendable {
  let stop: ProbeStop
  private let probe: BlockingRaceProbe

  init(_ stop: ProbeStop, probe: BlockingRaceProbe) {
    self.stop = stop
    self.probe = probe
    super.init(rider: stop.rider, name: "rider \(stop.rider + 1): \(stop.point.rawValue)")
  }

  override func main() {
    guard begin() else { return }
    probe.pause(stop)
  }
}
