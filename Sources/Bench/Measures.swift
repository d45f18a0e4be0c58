import BikeShare
import Foundation
import Synchronization

/// A median with the spread of the repetitions around it.
struct Spread: Codable, Sendable, Equatable {
  let median: Double
  let min: Double
  let max: Double

  init(_ values: [Double]) {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    median =
      sorted.isEmpty
      ? .nan : sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    min = sorted.first ?? .nan
    max = sorted.last ?? .nan
  }
}

/// Part 1's figure for one case of one era with a number of riders.
struct OperationCost: Codable, Sendable, Equatable {
  let era: String
  let `case`: String
  let bare: Bool
  let riders: Int
  /// Nanoseconds per station operation (a take or a leave), all riders together.
  let ns: Spread
  /// `ns.median` over one atomic add.
  let timesAtomic: Double
  /// `ns.median` over the era's bare primitive with as many riders (nil for a bare case).
  let timesBare: Double?
  let bareCase: String?

  enum CodingKeys: String, CodingKey {
    case era, `case`, bare, riders, ns
    case timesAtomic = "times_atomic_add"
    case timesBare = "times_bare_primitive"
    case bareCase = "bare_primitive"
  }

  /// The era's bare case that goes with `name`: the one naming the same
  /// lock (`safe, lock nslock` and `bare: nslock around nothing`), or the only one.
  static func bare(for name: String, among bares: [String]) -> String? {
    if let last = name.split(separator: " ").last,
      let match = bares.first(where: { $0.split(separator: " ").contains(last) })
    {
      return match
    }
    return bares.count == 1 ? bares[0] : nil
  }
}

/// Part 2's figure: one era and mode's simulation with 0 ms legs.
struct Throughput: Codable, Sendable, Equatable {
  let era: String
  let mode: String
  let riders: Int
  let visitsPerSecond: Spread
  let peakThreads: Int?

  enum CodingKeys: String, CodingKey {
    case era, mode, riders
    case visitsPerSecond = "visits_per_second"
    case peakThreads = "peak_threads"
  }
}

/// Part 3's figure: one era at one number of riders.
struct ScaleStep: Codable, Sendable, Equatable {
  let era: String
  let riders: Int
  let wallSeconds: Double?
  let peakMegabytes: Double?
  let peakThreads: Int?
  /// Why the era stopped scaling here (nil: it did not).
  let stopped: String?
  /// The era's floor with as many riders (`bench-floor`): only its way of
  /// waiting out the legs, in the same structure; nil if it was not measured.
  var floor: Floor? = nil
  /// The same waiting written as simply as the era's way allows, with none
  /// of its code (`bikes-bench simplest-floor`): the floor's yardstick.
  var simplest: Floor? = nil
  /// The second floor (`bench-floor --stations 1000`): the floor's riders
  /// also visit stations, each visit the era's bare primitive as many
  /// times as its safe visit needs it, and nothing else.
  var secondFloor: Floor? = nil

  /// The station visits the run made (nil: not run, or not reported).
  var visits: Int? = nil
  /// The run's processor time, user and system (nil: not run).
  var processorSeconds: Double? = nil
  /// Every process's wall time, when the run was measured more than once
  /// (the median is `wallSeconds`).
  var each: [Double]? = nil

  /// The run's wall time over its floor's.
  var ratio: Double? { Self.over(wallSeconds, floor?.wallSeconds) }

  /// The floor over the simplest one: what the era's way of waiting costs
  /// beyond the least it could.
  var floorRatio: Double? { Self.over(floor?.wallSeconds, simplest?.wallSeconds) }

  var secondFloorSeconds: Double? { secondFloor?.wallSeconds }

  /// The run's wall time over its second floor.
  var secondRatio: Double? { Self.over(wallSeconds, secondFloorSeconds) }

  /// What one visit's primitives added to the floor, all riders together:
  /// (second floor - floor) / the second floor's visits.
  var nsPerVisit: Double? {
    guard let second = secondFloorSeconds, let floor = floor?.wallSeconds,
      let made = secondFloor?.visits, made > 0
    else { return nil }
    return (second - floor) * 1e9 / Double(made)
  }

  /// What is left, in processor time: the run's beyond its second floor's,
  /// over the run's visits (microseconds a visit). Whatever the run does
  /// that neither waits nor is the era's bare primitive: the journey, the
  /// station's audit, the log's check, the era's own bookkeeping.
  var restMicrosecondsPerVisit: Double? {
    guard let run = processorSeconds, let second = secondFloor?.processorSeconds,
      let visits, visits > 0
    else { return nil }
    return (run - second) * 1e6 / Double(visits)
  }

  private static func over(_ top: Double?, _ bottom: Double?) -> Double? {
    guard let top, let bottom, bottom > 0 else { return nil }
    return top / bottom
  }

  struct Floor: Codable, Sendable, Equatable {
    /// Legs each rider waits out: a run's legs with this many paths.
    let legs: Int
    let wallSeconds: Double?
    let peakMegabytes: Double?
    let peakThreads: Int?
    /// Why it has no time (the time limit, a failure).
    let stopped: String?
    /// A second floor's: its visits (a rider's legs and one more), the
    /// primitive, and how many times a visit makes it.
    var visits: Int? = nil
    var primitive: String? = nil
    var perVisit: Int? = nil
    var why: String? = nil
    /// The most threads its riders could have at once (nil: no cap).
    var threadCap: Int? = nil
    /// The median process's processor time, user and system.
    var processorSeconds: Double? = nil
    /// Every process's wall time, when the floor was measured more than
    /// once (the median is `wallSeconds`).
    var each: [Double]? = nil

    enum CodingKeys: String, CodingKey {
      case legs, stopped, visits, primitive, why, each
      case threadCap = "thread_cap"
      case processorSeconds = "processor_seconds"
      case wallSeconds = "wall_seconds"
      case peakMegabytes = "peak_megabytes"
      case peakThreads = "peak_threads"
      case perVisit = "per_visit"
    }
  }

  enum CodingKeys: String, CodingKey {
    case era, riders, stopped, floor, simplest, ratio, visits, each
    case secondFloor = "second_floor"
    case floorRatio = "floor_over_simplest"
    case secondFloorSeconds = "second_floor_seconds"
    case secondRatio = "second_ratio"
    case nsPerVisit = "ns_per_visit"
    case processorSeconds = "processor_seconds"
    case restMicrosecondsPerVisit = "rest_microseconds_a_visit"
    case wallSeconds = "wall_seconds"
    case peakMegabytes = "peak_megabytes"
    case peakThreads = "peak_threads"
  }

  init(
    era: String, riders: Int, wallSeconds: Double?, peakMegabytes: Double?, peakThreads: Int?,
    stopped: String?, floor: Floor? = nil
  ) {
    self.era = era
    self.riders = riders
    self.wallSeconds = wallSeconds
    self.peakMegabytes = peakMegabytes
    self.peakThreads = peakThreads
    self.stopped = stopped
    self.floor = floor
  }

  init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    era = try values.decode(String.self, forKey: .era)
    riders = try values.decode(Int.self, forKey: .riders)
    wallSeconds = try values.decodeIfPresent(Double.self, forKey: .wallSeconds)
    peakMegabytes = try values.decodeIfPresent(Double.self, forKey: .peakMegabytes)
    peakThreads = try values.decodeIfPresent(Int.self, forKey: .peakThreads)
    stopped = try values.decodeIfPresent(String.self, forKey: .stopped)
    floor = try values.decodeIfPresent(Floor.self, forKey: .floor)
    simplest = try values.decodeIfPresent(Floor.self, forKey: .simplest)
    secondFloor = try values.decodeIfPresent(Floor.self, forKey: .secondFloor)
    visits = try values.decodeIfPresent(Int.self, forKey: .visits)
    processorSeconds = try values.decodeIfPresent(Double.self, forKey: .processorSeconds)
    each = try values.decodeIfPresent([Double].self, forKey: .each)
  }

  func encode(to encoder: any Encoder) throws {
    var values = encoder.container(keyedBy: CodingKeys.self)
    try values.encode(era, forKey: .era)
    try values.encode(riders, forKey: .riders)
    try values.encodeIfPresent(wallSeconds, forKey: .wallSeconds)
    try values.encodeIfPresent(each, forKey: .each)
    try values.encodeIfPresent(peakMegabytes, forKey: .peakMegabytes)
    try values.encodeIfPresent(peakThreads, forKey: .peakThreads)
    try values.encodeIfPresent(stopped, forKey: .stopped)
    try values.encodeIfPresent(floor, forKey: .floor)
    try values.encodeIfPresent(simplest, forKey: .simplest)
    try values.encodeIfPresent(floorRatio, forKey: .floorRatio)
    try values.encodeIfPresent(ratio, forKey: .ratio)
    try values.encodeIfPresent(visits, forKey: .visits)
    try values.encodeIfPresent(secondFloor, forKey: .secondFloor)
    try values.encodeIfPresent(secondFloorSeconds, forKey: .secondFloorSeconds)
    try values.encodeIfPresent(nsPerVisit, forKey: .nsPerVisit)
    try values.encodeIfPresent(secondRatio, forKey: .secondRatio)
    try values.encodeIfPresent(processorSeconds, forKey: .processorSeconds)
    try values.encodeIfPresent(restMicrosecondsPerVisit, forKey: .restMicrosecondsPerVisit)
  }

  /// The era this step ran (`dispatch/1024` ran `dispatch`).
  var runEra: String { String(era.split(separator: "/").first ?? Substring(era)) }
}

/// The physical limit: one uncontended atomic add, in nanoseconds.
/// What the watchdog's registry (`Whereabouts`) adds to one rider's visit
/// in a normal run: the rider arrives at a station, leaves it, and one more
/// visit is counted. One thread, so the figure is the registry's own cost,
/// without contention.
enum RegistryCost {
  static func measure(visits: Int = 20_000_000) -> Double {
    let registry = Whereabouts(riders: 1, stations: 4)
    let clock = ContinuousClock()
    let started = clock.now
    for visit in 0..<visits {
      registry.arrive(rider: 0, station: visit & 3, wanting: visit & 4 == 0 ? .bike : .emptySlot)
      registry.leave(rider: 0)
      registry.add()
    }
    let elapsed = started.duration(to: clock.now)
    if registry.value != visits { return .nan }
    return elapsed.seconds * 1e9 / Double(visits)
  }
}

enum AtomicLimit {
  static func measure(adds: Int = 20_000_000) -> Double {
    let counter = Atomic<Int>(0)
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0..<adds { counter.wrappingAdd(1, ordering: .sequentiallyConsistent) }
    let elapsed = started.duration(to: clock.now)
    // Read it, so that the loop is not optimised away.
    if counter.load(ordering: .relaxed) != adds { return .nan }
    return elapsed.seconds * 1e9 / Double(adds)
  }
}
