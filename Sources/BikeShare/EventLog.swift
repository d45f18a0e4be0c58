import Synchronization

/// Something that happened at a station, as `--log` and `replay` show it.
public enum Event: Sendable, Equatable {
  /// Racy mode: the rider asked a counter and got an answer (the check).
  case checked(rider: Int, station: String, counter: Counter, value: Int)
  case tookBike(rider: Int, station: String, now: StationCounts)
  case leftBike(rider: Int, station: String, now: StationCounts)
  /// The station could not give what the rider wanted: a waiting leg follows.
  case turnedAway(rider: Int, station: String, wanted: Want)
  case reachedGoal(rider: Int, station: String)
  /// Anything else an era shows live (e.g. operations in flight per queue).
  case note(String)

  /// The station's answer to a rider who wanted `wanted`: the counts after
  /// taking or leaving a bike, or `nil` if the rider was turned away.
  public static func answer(rider: Int, station: String, wanted: Want, now: StationCounts?)
    -> Event
  {
    switch (now, wanted) {
    case (let counts?, .bike): .tookBike(rider: rider, station: station, now: counts)
    case (let counts?, .emptySlot): .leftBike(rider: rider, station: station, now: counts)
    case (nil, _): .turnedAway(rider: rider, station: station, wanted: wanted)
    }
  }
}

/// Where events go: nowhere, a stream (one line each), or memory (for replay and tests).
public final class EventLog: Sendable {
  public enum Destination: Sendable {
    case none, standardOutput, standardError, memory
  }

  private let destination: Destination
  private let riderName: @Sendable (Int) -> String
  /// Memory only: told each line as it is kept (a replay prints as it goes).
  private let echo: (@Sendable (String) -> Void)?
  private let lines = Mutex<(text: [String], events: [Event])>(([], []))

  public init(
    _ destination: Destination,
    riderName: @escaping @Sendable (Int) -> String = { "rider \($0 + 1)" },
    echo: (@Sendable (String) -> Void)? = nil
  ) {
    self.destination = destination
    self.echo = echo
    self.riderName = riderName
  }

  public static let none = EventLog(.none)

  /// Check before building an event in a hot loop.
  public var isEnabled: Bool {
    if case .none = destination { return false }
    return true
  }

  public func record(_ event: @autoclosure () -> Event) {
    guard isEnabled else { return }
    let event = event()
    let line = format(event)
    lines.withLock { lines in
      // Writing under the lock keeps lines whole and in the order recorded.
      switch destination {
      case .none: break
      case .standardOutput: Console.out(line)
      case .standardError: Console.error(line)
      case .memory:
        lines.text.append(line)
        lines.events.append(event)
        echo?(line)
      }
    }
  }

  /// The lines kept by a `.memory` log.
  public var recorded: [String] { lines.withLock { $0.text } }

  /// The events kept by a `.memory` log, in the same order.
  public var events: [Event] { lines.withLock { $0.events } }

  /// Riders a `.memory` log saw take or leave a bike.
  public var served: Int {
    events.filter {
      switch $0 {
      case .tookBike, .leftBike: true
      default: false
      }
    }.count
  }

  public func format(_ event: Event) -> String {
    switch event {
    case .checked(let rider, let station, let counter, let value):
      let what = counter == .freeBikes ? "free bikes" : "empty slots"
      return "\(riderName(rider)) checks \(station): \(what) \(value)"
    case .tookBike(let rider, let station, let now):
      return "\(riderName(rider)) takes a bike at \(station): \(now)"
    case .leftBike(let rider, let station, let now):
      return "\(riderName(rider)) leaves a bike at \(station): \(now)"
    case .turnedAway(let rider, let station, let wanted):
      let missing = wanted == .bike ? "no free bike" : "no empty slot"
      let moves = wanted == .bike ? "walks on" : "rides on"
      return "\(riderName(rider)) is turned away at \(station): \(missing), \(moves) (waiting leg)"
    case .reachedGoal(let rider, let station):
      return "\(riderName(rider)) reached its goal \(station) and stops"
    case .note(let text):
      return text
    }
  }
}
