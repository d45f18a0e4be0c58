/// A bike-share network as the simulation sees it: a name and its stations.
///
/// Nothing here knows about concurrency. Each era turns these records into
/// its own `Station` type (an actor, a class behind a lock, ...).
public struct City: Sendable, Equatable {
  public let id: String
  public let name: String
  public let stations: [StationRecord]

  public init(id: String, name: String, stations: [StationRecord]) {
    self.id = id
    self.name = name
    self.stations = stations
  }
}

/// One station at load time.
public struct StationRecord: Sendable, Equatable {
  public let id: String
  public let name: String
  public let freeBikes: Int
  public let emptySlots: Int

  /// Docks at the station: free bikes plus empty slots when the city was loaded.
  public var capacity: Int { freeBikes + emptySlots }

  public init(id: String, name: String, freeBikes: Int, emptySlots: Int) {
    self.id = id
    self.name = name
    self.freeBikes = freeBikes
    self.emptySlots = emptySlots
  }
}

/// The two counters a station keeps, read together.
public struct StationCounts: Sendable, Hashable, CustomStringConvertible {
  public var freeBikes: Int
  public var emptySlots: Int
  /// How many changes made these counts: 0 as the station starts, one more
  /// for each bike taken or docked. A station's counts change only where the
  /// station serialises its changes (its queue, lock or actor), so this is
  /// the station's own order, and `--log` prints a station's lines in it.
  /// It says when, not what: equality and hashing leave it out.
  public var change: Int

  public init(freeBikes: Int, emptySlots: Int, change: Int = 0) {
    self.freeBikes = freeBikes
    self.emptySlots = emptySlots
    self.change = change
  }

  public static func == (lhs: StationCounts, rhs: StationCounts) -> Bool {
    lhs.freeBikes == rhs.freeBikes && lhs.emptySlots == rhs.emptySlots
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(freeBikes)
    hasher.combine(emptySlots)
  }

  public var description: String { "free \(freeBikes), empty \(emptySlots)" }

  /// The counts once a bike has left its dock (whatever they were).
  public func removingBike() -> StationCounts {
    StationCounts(freeBikes: freeBikes - 1, emptySlots: emptySlots + 1, change: change + 1)
  }

  /// The counts once a bike has been docked (whatever they were).
  public func addingBike() -> StationCounts {
    StationCounts(freeBikes: freeBikes + 1, emptySlots: emptySlots - 1, change: change + 1)
  }

  /// The counter a rider checks before it acts.
  public subscript(counter: Counter) -> Int {
    counter == .freeBikes ? freeBikes : emptySlots
  }
}

extension StationRecord {
  /// The counts the station starts with.
  public var counts: StationCounts { StationCounts(freeBikes: freeBikes, emptySlots: emptySlots) }
}

/// The two counters of a station, by their CityBikes names.
public enum Counter: String, Sendable, Codable {
  case freeBikes = "free_bikes"
  case emptySlots = "empty_slots"
}
