/// Something that happened at a station, as `--log` and `replay` show it.
public enum Event: Sendable, Equatable {
  /// Racy mode: the rider asked a counter and got an answer (the check).
  case checked(rider: Int, station: String, counter: Counter, value: Int)
  case tookBike(rider: Int, station: String, now: StationCounts)
  case leftBike(rider: Int, station: String, now: StationCounts)
  /// The station could not give what the rider wanted: a waiting leg follows.
  case turnedAway(rider: Int, station: String, wanted: Want)
  case reachedGoal(rider: Int, station: String)
  /// The actors era's payment service took the rider's money for a bike at `station`.
  case charged(rider: Int, station: String)
  /// The transfer stage: a van took hold of a station (a lock, a queue, ...).
  case holds(rider: Int, station: String)
  /// The transfer stage (`backoff`): a van let go of its station to start again.
  case letGo(rider: Int, station: String)
  /// The cancel story: `by` (X) calls off `rider`.
  case calledOff(rider: Int, by: Int)
  /// The cancel story: a called-off rider stops, with the bike or without.
  case stopped(rider: Int, holdingBike: Bool)
  /// The cancel story: a rider finds no bike, and its trip ends (no waiting leg).
  case foundNoBike(rider: Int, station: String)
  /// The order story: the app sends `rider`'s request for a bike at `station`.
  case asked(rider: Int, station: String)
  /// The wait story, racy: the rider looked and saw no free bike (its
  /// next step joins the line).
  case sawNoBike(rider: Int, station: String)
  /// The wait story: the rider joins the station's line and sleeps.
  case joinedLine(rider: Int, station: String)
  /// The wait story, racy: a dock woke the rider, which looks again.
  case woken(rider: Int, station: String)
  /// The wait story, safe: a dock handed the rider the bike in the line.
  case handed(rider: Int, station: String)
  /// The wait story: the run is over and the rider still sleeps, with
  /// `free` bikes at the station; the stage calls it off.
  case sleepsForEver(rider: Int, station: String, free: Int)
  /// The wait story with X: a rider called off gives back the bike it was handed.
  case gaveBack(rider: Int, station: String)
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
  private let lines = Locked<(text: [String], events: [Event], times: [ContinuousClock.Instant])>(
    ([], [], []))
  private let order = Locked(StationOrder())

  public init(
    _ destination: Destination,
    riderName: @escaping @Sendable (Int) -> String = EventLog.name,
    echo: (@Sendable (String) -> Void)? = nil
  ) {
    self.destination = destination
    self.echo = echo
    self.riderName = riderName
  }

  public static let none = EventLog(.none)

  /// A run's names: riders from 1, and vans (`VanRounds.logNumber`) from 1.
  @Sendable public static func name(_ number: Int) -> String {
    number < 0 ? "van \(-number)" : "rider \(number + 1)"
  }

  /// Check before building an event in a hot loop.
  public var isEnabled: Bool {
    if case .none = destination { return false }
    return true
  }

  /// Records `event`, which is built only while the log is on: anything
  /// that changes a station must be done before, never inside the event.
  public func record(_ event: @autoclosure () -> Event) {
    guard isEnabled else { return }
    let event = event()
    switch destination {
    case .none: break
    case .standardOutput, .standardError:
      // A rider writes its line after the station answered, so two riders'
      // lines can arrive in the other order than the station's changes;
      // a stream prints each station's lines in the station's order.
      order.withLock { order in
        for ready in order.release(event) { write(format(ready)) }
      }
    case .memory:
      lines.withLock { lines in
        // Under the lock: kept whole and in the order recorded.
        let line = format(event)
        lines.text.append(line)
        lines.events.append(event)
        lines.times.append(.now)
        echo?(line)
      }
    }
  }

  /// Prints any line still held back for a change nobody logged (a rider
  /// stopped between its act and its line), and starts every station's order
  /// again: call it when a run ends.
  public func finish() {
    order.withLock { order in
      for held in order.drain() { write(format(held)) }
    }
  }

  private func write(_ line: String) {
    switch destination {
    case .standardOutput: Console.out(line)
    case .standardError: Console.error(line)
    case .none, .memory: break
    }
  }

  /// The lines kept by a `.memory` log.
  public var recorded: [String] { lines.withLock { $0.text } }

  /// The events kept by a `.memory` log, in the same order.
  public var events: [Event] { lines.withLock { $0.events } }

  /// The events kept by a `.memory` log, each with when it was kept.
  public var timed: [(event: Event, at: ContinuousClock.Instant)] {
    lines.withLock { Array(zip($0.events, $0.times)) }
  }

  /// Riders a `.memory` log saw take or leave a bike.
  public var served: Int { events.filter(\.isTakeOrLeave).count }

  public func format(_ event: Event) -> String {
    switch event {
    case .checked(let rider, let station, let counter, let value):
      let what = counter == .freeBikes ? "free bikes" : "empty slots"
      return "\(riderName(rider)) checks \(station): \(what) \(value)"
    case .tookBike(let rider, let station, let now):
      return "\(riderName(rider)) takes a bike at \(station): \(now)\(Self.mark(now))"
    case .leftBike(let rider, let station, let now):
      return "\(riderName(rider)) leaves a bike at \(station): \(now)\(Self.mark(now))"
    case .turnedAway(let rider, let station, let wanted):
      let missing = wanted == .bike ? "no free bike" : "no empty slot"
      let moves = rider < 0 ? "drives on" : wanted == .bike ? "walks on" : "rides on"
      return "\(riderName(rider)) is turned away at \(station): \(missing), \(moves) (waiting leg)"
    case .reachedGoal(let rider, let station):
      return "\(riderName(rider)) reached its goal \(station) and stops"
    case .charged(let rider, let station):
      return "\(riderName(rider)) is charged at \(station)"
    case .holds(let rider, let station):
      return "\(riderName(rider)) holds \(station)"
    case .letGo(let rider, let station):
      return "\(riderName(rider)) lets go of \(station) and starts again"
    case .foundNoBike(let rider, let station):
      return "\(riderName(rider)) finds no bike at \(station) and goes home"
    case .calledOff(let rider, let by):
      return "\(riderName(by)) calls off \(riderName(rider))"
    case .stopped(let rider, let holding):
      return holding
        ? "\(riderName(rider)) stops, called off, holding the bike: stranded"
        : "\(riderName(rider)) stops, called off, holding nothing"
    case .asked(let rider, let station):
      return "the app sends \(riderName(rider))'s request to \(station)"
    case .sawNoBike(let rider, let station):
      return "\(riderName(rider)) looks at \(station): no free bike"
    case .joinedLine(let rider, let station):
      return "\(riderName(rider)) joins \(station)'s line and sleeps"
    case .woken(let rider, let station):
      return "\(riderName(rider)) is woken at \(station) and looks again"
    case .handed(let rider, let station):
      return "\(riderName(rider)) is handed the bike in \(station)'s line"
    case .sleepsForEver(let rider, let station, let free):
      let bikes = free == 1 ? "1 free bike" : "\(free) free bikes"
      return "\(riderName(rider)) sleeps for ever at \(station), beside \(bikes)"
    case .gaveBack(let rider, let station):
      return "\(riderName(rider)), called off, gives back the bike at \(station)"
    case .note(let text):
      return text
    }
  }
}

extension EventLog {
  /// Where a counter has left `0...capacity`. The two counters always sum to
  /// the capacity after a take or a leave, so one of them is below 0 exactly
  /// when the other is above the capacity.
  static func mark(_ now: StationCounts) -> String {
    if now.freeBikes < 0 { return "  ← free \(now.freeBikes)" }
    if now.emptySlots < 0 { return "  ← empty \(now.emptySlots)" }
    return ""
  }
}

/// Holds back a station's line until the lines of its earlier changes have
/// been printed (`StationCounts.change`).
struct StationOrder {
  /// Past this many lines held for one station, the oldest are printed
  /// anyway: two stations can share a name, and a change can go unlogged.
  static let mostHeld = 64

  private var next: [String: Int] = [:]
  private var held: [String: [Int: [Event]]] = [:]

  /// The events that can be printed now that `event` arrived, in order.
  mutating func release(_ event: Event) -> [Event] {
    guard let (station, change) = event.change, change > 0 else { return [event] }
    let expected = next[station, default: 1]
    if change < expected { return [event] }  // a repeat (a lost update) or unnumbered
    held[station, default: [:]][change, default: []].append(event)
    var ready: [Event] = []
    var step = expected
    while let events = held[station]?.removeValue(forKey: step) {
      ready += events
      step += 1
    }
    if let waiting = held[station], waiting.values.map(\.count).reduce(0, +) > Self.mostHeld,
      let oldest = waiting.keys.min()
    {
      // Give up on the gap: print from the oldest held change on.
      step = oldest
      while let events = held[station]?.removeValue(forKey: step) {
        ready += events
        step += 1
      }
    }
    next[station] = step
    return ready
  }

  /// Every held event, station by station in change order; then a fresh start.
  mutating func drain() -> [Event] {
    let events = held.keys.sorted().flatMap { station in
      held[station]!.keys.sorted().flatMap { held[station]![$0]! }
    }
    self = StationOrder()
    return events
  }
}

extension Event {
  /// The station and change number of a take or a leave.
  fileprivate var change: (String, Int)? {
    switch self {
    case .tookBike(_, let station, let now), .leftBike(_, let station, let now):
      (station, now.change)
    default: nil
    }
  }
}

extension Event {
  /// A rider took or left a bike: it was served.
  public var isTakeOrLeave: Bool {
    switch self {
    case .tookBike, .leftBike: true
    default: false
    }
  }
}
