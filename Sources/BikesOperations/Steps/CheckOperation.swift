import BikeShare
import Foundation

/// Racy mode: "are there bikes?" One read of one counter, on the station's queue.
final class CheckOperation: Step, @unchecked Sendable {
  private let station: Station
  private let want: Want
  private let log: EventLog
  private let answer = Locked<Int?>(nil)

  /// - Parameter request: the rider's request, which reaches the station here.
  init(rider: Int, station: Station, want: Want, log: EventLog, request: RequestStamp? = nil) {
    self.station = station
    self.want = want
    self.log = log
    super.init(
      rider: rider, doing: "check", at: station.record.name,
      arrival: Self.arrival(of: request, at: station))
  }

  /// What the counter said (nil until the check has run).
  var available: Int? { answer.withLock { $0 } }

  override func main() {
    guard begin() else { return }
    let value =
      switch want {
      case .bike: station.freeBikes
      case .emptySlot: station.emptySlots
      }
    answer.withLock { $0 = value }
    log.record(
      .checked(rider: rider, station: station.record.name, counter: want.counter, value: value))
  }
}
