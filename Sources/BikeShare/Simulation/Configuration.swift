import Foundation

/// Text for people or JSON Lines for scripts.
public enum OutputFormat: String, Sendable, Codable {
  case text, json
}

/// Every option of the command line, as the user gave it (before the city is loaded).
public struct Configuration: Sendable, Equatable {
  public var modes: [Mode] = [.racy, .safe]
  public var riders = 50
  public var stationCount = 4
  /// `--station` values (ids or names); when not empty they replace `stationCount`.
  public var stationPicks: [String] = []
  public var paths = 10
  public var goal: String?
  public var seed: UInt64 = 2021
  public var legMilliseconds = 10
  public var raceWindowMicroseconds = 100
  public var city = CitySource.embedded
  public var format = OutputFormat.text
  public var log = false
  public var failOnViolation = false
  /// `--watchdog-ms`: stop a run in which no rider finished a visit for
  /// this long (plus two legs); 0: never.
  public var watchdogMilliseconds = 3_000
  /// `--vans`: rebalancing vans, each making `paths` transfers.
  public var vans = 0
  /// `--call-off`: riders the app calls off while they ride.
  public var callOffs = 0
  /// `--deadline-ms`: every rider called off this long after it sets out,
  /// by a timer; 0: no deadline.
  public var deadlineMilliseconds = 0
  /// `bikes-dispatch` only.
  public var lock = LockKind.mutex
  /// `bikes-dispatch` only: riders' threads alive at once, at most.
  public var threadCap = 256
  /// `bikes-futures` only.
  public var exclusive = FuturesExclusive.condition
  /// `bikes-actors` only.
  public var fix = ActorsFix.method
  /// `bikes-actors` only.
  public var callers = ActorsCallers.nonisolated

  public init() {}

  public var legDuration: Duration { .milliseconds(legMilliseconds) }
  public var raceWindow: Duration { .microseconds(raceWindowMicroseconds) }
}

/// The stations a run uses, resolved against a loaded city.
public struct Selection: Sendable, Equatable {
  public let stations: [StationRecord]
  /// Index into `stations` of the goal, if one was set.
  public let goal: Int?

  /// Picks stations and the goal.
  /// - Throws: `UsageError` naming the station that the city does not have.
  public init(city: City, configuration: Configuration) throws(UsageError) {
    if configuration.stationPicks.isEmpty {
      guard configuration.stationCount <= city.stations.count else {
        throw UsageError(
          "--stations \(configuration.stationCount): city '\(city.name)' has only \(city.stations.count) station\(city.stations.count == 1 ? "" : "s")"
        )
      }
      stations = Array(city.stations.prefix(configuration.stationCount))
    } else {
      var picked: [StationRecord] = []
      for pick in configuration.stationPicks {
        let station = try Self.find(pick, in: city.stations, option: "--station", city: city)
        guard !picked.contains(station) else {
          throw UsageError("--station '\(pick)' is given twice")
        }
        picked.append(station)
      }
      stations = picked
    }
    if let goalName = configuration.goal {
      let station = try Self.find(goalName, in: city.stations, option: "--goal", city: city)
      guard let index = stations.firstIndex(of: station) else {
        throw UsageError(
          "--goal '\(goalName)' is not among the selected stations (add it with --station or raise --stations)"
        )
      }
      goal = index
    } else {
      goal = nil
    }
    if configuration.vans > 0, stations.count < 2 {
      throw UsageError("--vans moves bikes between stations: it needs --stations 2 or more")
    }
    guard stations.contains(where: { $0.freeBikes > 0 }) else {
      throw UsageError("the selected stations have no free bikes, so no rider could ever ride")
    }
  }

  /// An id matches exactly; a name matches ignoring case.
  private static func find(
    _ value: String, in stations: [StationRecord], option: String, city: City
  ) throws(UsageError) -> StationRecord {
    if let station = stations.first(where: { $0.id == value }) { return station }
    let named = stations.filter { $0.name.caseInsensitiveCompare(value) == .orderedSame }
    if named.count == 1 { return named[0] }
    if named.count > 1 {
      throw UsageError("\(option) '\(value)' names \(named.count) stations; use the station id")
    }
    throw UsageError(
      "\(option) '\(value)': city '\(city.name)' has no station with that id or name")
  }
}
