import Synchronization

/// Records every value a station's counters take, so a violation is caught
/// even if a later step undoes it.
///
/// Stations call `observe(_:)` after each change. It keeps the lowest and
/// highest value of each counter in `Atomic`s, so recording never adds a
/// lock (or an actor hop) to the racy path it is watching.
public final class StationAudit: Sendable {
  public let station: StationRecord
  private let lowestFree: Atomic<Int>
  private let highestFree: Atomic<Int>
  private let lowestEmpty: Atomic<Int>
  private let highestEmpty: Atomic<Int>
  /// Overtaking (`RequestStamp`): numbers given, requests reached, the
  /// newest number reached, those overtaken and the largest overtake.
  private let numbersGiven = Atomic<Int>(0)
  private let requests = Atomic<Int>(0)
  private let newestReached = Atomic<Int>(-1)
  private let overtaken = Atomic<Int>(0)
  private let largestOvertake = Atomic<Int>(0)

  public init(_ station: StationRecord) {
    self.station = station
    lowestFree = Atomic(station.freeBikes)
    highestFree = Atomic(station.freeBikes)
    lowestEmpty = Atomic(station.emptySlots)
    highestEmpty = Atomic(station.emptySlots)
  }

  public func observe(_ counts: StationCounts) {
    Self.lower(lowestFree, to: counts.freeBikes)
    Self.raise(highestFree, to: counts.freeBikes)
    Self.lower(lowestEmpty, to: counts.emptySlots)
    Self.raise(highestEmpty, to: counts.emptySlots)
  }

  /// A request sent to this station: its number (from 0, in the order sent).
  public func number() -> Int {
    numbersGiven.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// Called inside the station's protection, by every call that may be a
  /// visit's first (a van's, a bench's or a stage's have no request): the
  /// request reaches the station here, the first time only.
  public func reached(_ request: RequestStamp?) {
    guard let stamp = request?.reached() else { return }
    requests.wrappingAdd(1, ordering: .relaxed)
    let newest = newestReached.load(ordering: .relaxed)
    Self.raise(newestReached, to: stamp)
    guard newest > stamp else { return }
    overtaken.wrappingAdd(1, ordering: .relaxed)
    Self.raise(largestOvertake, to: newest - stamp)
  }

  /// The requests that reached this station, and how many were overtaken.
  public var overtaking: Overtaking {
    Overtaking(
      requests: requests.load(ordering: .relaxed), overtaken: overtaken.load(ordering: .relaxed),
      largest: largestOvertake.load(ordering: .relaxed))
  }

  public var lowest: StationCounts {
    StationCounts(
      freeBikes: lowestFree.load(ordering: .relaxed),
      emptySlots: lowestEmpty.load(ordering: .relaxed))
  }

  public var highest: StationCounts {
    StationCounts(
      freeBikes: highestFree.load(ordering: .relaxed),
      emptySlots: highestEmpty.load(ordering: .relaxed))
  }

  /// Every counter value seen outside `0...capacity`.
  public var violations: [Violation] {
    let capacity = station.capacity
    var found: [Violation] = []
    for (counter, low, high) in [
      (Counter.freeBikes, lowest.freeBikes, highest.freeBikes),
      (Counter.emptySlots, lowest.emptySlots, highest.emptySlots),
    ] {
      if low < 0 { found.append(Violation(station: station, counter: counter, value: low)) }
      if high > capacity {
        found.append(Violation(station: station, counter: counter, value: high))
      }
    }
    return found
  }

  private static func lower(_ atomic: borrowing Atomic<Int>, to value: Int) {
    settle(value, from: atomic.load(ordering: .relaxed), beyond: <) { expected, desired in
      atomic.compareExchange(expected: expected, desired: desired, ordering: .relaxed)
    }
  }

  private static func raise(_ atomic: borrowing Atomic<Int>, to value: Int) {
    settle(value, from: atomic.load(ordering: .relaxed), beyond: >) { expected, desired in
      atomic.compareExchange(expected: expected, desired: desired, ordering: .relaxed)
    }
  }

  /// Stores `value` if it is `beyond` the extreme, trying again whenever
  /// another thread changed the extreme between the read and the store
  /// (`exchange` returns whether it stored, and what it found). Giving up
  /// after one failed exchange would lose the true extreme to a rival that
  /// stored a lesser one.
  static func settle(
    _ value: Int, from start: Int, beyond: (Int, Int) -> Bool,
    exchange: (_ expected: Int, _ desired: Int) -> (exchanged: Bool, original: Int)
  ) {
    var current = start
    while beyond(value, current) {
      let (exchanged, original) = exchange(current, value)
      if exchanged { return }
      current = original
    }
  }
}

/// A counter value outside `0...capacity`, seen at some moment of the run.
public struct Violation: Sendable, Equatable, Codable, CustomStringConvertible {
  public let station: String
  public let stationID: String
  public let counter: Counter
  public let value: Int

  public init(station: StationRecord, counter: Counter, value: Int) {
    self.station = station.name
    self.stationID = station.id
    self.counter = counter
    self.value = value
  }

  enum CodingKeys: String, CodingKey {
    case station, counter, value
    case stationID = "station_id"
  }

  public var description: String { "\(station): \(counter.rawValue) reached \(value)" }
}
