import Synchronization

/// The second floor's visits (`bench-floor --stations S`): a rider of the
/// floor visits a station before each leg and after the last, as a run's
/// rider does, and each visit is the era's bare primitive (`VisitPrimitive`)
/// as many times as the era's visit needs it, at one of `stations` stations
/// and nothing else: no counters, dice, audit or log.
public final class FloorVisits: Sendable {
  /// Stations the visits spread over (a run's city has 1,000).
  public let stations: Int
  private let made = Atomic(0)

  public init(stations: Int) { self.stations = stations }

  /// The station of a rider's visit: spread evenly, the same for every era.
  public func station(rider: Int, visit: Int) -> Int {
    (rider &* 7_919 &+ visit &* 104_729) % stations
  }

  /// Counts `count` primitives made (so a test can see they were).
  public func count(_ count: Int = 1) { made.wrappingAdd(count, ordering: .relaxed) }

  /// Every primitive made so far.
  public var primitives: Int { made.load(ordering: .relaxed) }
}

/// What the era's idiomatic station visit needs at the least: its bare
/// primitive (section 1's bare case), and how many times a visit uses it.
public struct VisitPrimitive: Sendable {
  /// As section 1 names it: `empty future waited for`.
  public let name: String
  /// How many a safe visit of a run makes.
  public let perVisit: Int
  /// Why that many, in a sentence.
  public let why: String

  public init(_ name: String, perVisit: Int, why: String) {
    self.name = name
    self.perVisit = perVisit
    self.why = why
  }
}
