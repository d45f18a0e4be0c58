import BikeShare
import Foundation

/// Take a bike or leave one, on the station's queue.
/// Racy mode: acts on what the check said earlier (read through the
/// dependencies), whatever the counters say now. Safe mode: checks and acts
/// here, in one operation, while the serial queue runs nothing else.
final class TakeOrLeaveOperation: Step, @unchecked Sendable {
  enum Answer: Sendable, Equatable {
    case moved(StationCounts)
    case turnedAway
  }

  private let station: Station
  private let want: Want
  private let mode: Mode
  private let log: EventLog
  private let answered: @Sendable (StationCounts?) -> Void
  private let stored = Locked<Answer?>(nil)

  /// - Parameter answered: told what happened (the rider's journey records it).
  /// - Parameter request: the rider's request, if it reaches the station here
  ///   (safe mode: the act is the visit's only step on the station's queue).
  init(
    rider: Int, station: Station, want: Want, mode: Mode, log: EventLog,
    request: RequestStamp? = nil, answered: @escaping @Sendable (StationCounts?) -> Void
  ) {
    self.station = station
    self.want = want
    self.mode = mode
    self.log = log
    self.answered = answered
    super.init(
      rider: rider, doing: want == .bike ? "take at" : "leave at", at: station.record.name,
      arrival: Self.arrival(of: request, at: station))
  }

  /// What happened (nil until the step has run, or if it was called off).
  var answer: Answer? { stored.withLock { $0 } }

  override func main() {
    // Ctrl-C: a step whose check or race window was cancelled does not act.
    guard begin() else { return }
    let checked = dependency(CheckOperation.self)?.available ?? 0
    let now: StationCounts? =
      switch (mode, want) {
      case (.safe, .bike): station.takeBike()
      case (.safe, .emptySlot): station.leaveBike()
      case (_, .bike): checked > 0 ? station.removeBike() : nil
      case (_, .emptySlot): checked > 0 ? station.addBike() : nil
      }
    log.record(.answer(rider: rider, station: station.record.name, wanted: want, now: now))
    stored.withLock { $0 = now.map(Answer.moved) ?? .turnedAway }
    answered(now)
  }
}
