import BikeShare
import Foundation
import Synchronization

// The steps of one visit to a station, in the order the rider's graph links
// them (see `Visit`). Each restates `@unchecked Sendable`: see `Step`.

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

/// Racy mode: "are there bikes?" One read of one counter, on the station's queue.
final class CheckOperation: Step, @unchecked Sendable {
  private let station: Station
  private let want: Want
  private let log: EventLog
  private let answer = Mutex<Int?>(nil)

  init(rider: Int, station: Station, want: Want, log: EventLog) {
    self.station = station
    self.want = want
    self.log = log
    super.init(rider: rider, name: "rider \(rider + 1): check \(station.record.name)")
  }

  /// What the counter said (nil until the check has run).
  var available: Int? { answer.withLock { $0 } }

  override func main() {
    guard begin() else { return }
    let value = station.available(want)
    answer.withLock { $0 = value }
    log.record(
      .checked(
        rider: rider, station: station.record.name,
        counter: want == .bike ? .freeBikes : .emptySlots, value: value))
  }
}

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
  private let stored = Mutex<Answer?>(nil)

  /// - Parameter answered: told what happened (the rider's journey records it).
  init(
    rider: Int, station: Station, want: Want, mode: Mode, log: EventLog,
    answered: @escaping @Sendable (StationCounts?) -> Void
  ) {
    self.station = station
    self.want = want
    self.mode = mode
    self.log = log
    self.answered = answered
    let verb = want == .bike ? "take" : "leave"
    super.init(rider: rider, name: "rider \(rider + 1): \(verb) at \(station.record.name)")
  }

  /// What happened (nil until the step has run, or if it was called off).
  var answer: Answer? { stored.withLock { $0 } }

  override func main() {
    // Ctrl-C: a step whose check or race window was cancelled does not act.
    guard begin() else { return }
    let now: StationCounts?
    switch mode {
    case .racy, .unsynchronized:
      let check = dependency(CheckOperation.self)
      now = (check?.available ?? 0) > 0 ? station.move(want) : nil
    case .safe:
      now = station.moveIfAvailable(want)
    }
    let name = station.record.name
    switch (now, want) {
    case (let counts?, .bike): log.record(.tookBike(rider: rider, station: name, now: counts))
    case (let counts?, .emptySlot): log.record(.leftBike(rider: rider, station: name, now: counts))
    case (nil, _): log.record(.turnedAway(rider: rider, station: name, wanted: want))
    }
    stored.withLock { $0 = now.map(Answer.moved) ?? .turnedAway }
    answered(now)
  }
}
