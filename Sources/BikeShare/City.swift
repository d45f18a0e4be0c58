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

  public init(freeBikes: Int, emptySlots: Int) {
    self.freeBikes = freeBikes
    self.emptySlots = emptySlots
  }

  public var description: String { "free \(freeBikes), empty \(emptySlots)" }

  /// The counts once a bike has left its dock (whatever they were).
  public func removingBike() -> StationCounts {
    StationCounts(freeBikes: freeBikes - 1, emptySlots: emptySlots + 1)
  }

  /// The counts once a bike has been docked (whatever they were).
  public func addingBike() -> StationCounts {
    StationCounts(freeBikes: freeBikes + 1, emptySlots: emptySlots - 1)
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
