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

  /// The station visits the run made (nil: not run, or not reported).
  var visits: Int? = nil
  /// What one visit's protection costs at the least: the era's bare
  /// primitive (section 1), nil if that part was not measured.
  var protection: Protection? = nil

  /// The run's wall time over its floor's.
  var ratio: Double? {
    guard let wall = wallSeconds, let floor = floor?.wallSeconds, floor > 0 else { return nil }
    return wall / floor
  }

  /// The second floor: the floor of waiting plus the bare primitive once per visit.
  var secondFloorSeconds: Double? {
    guard let floor = floor?.wallSeconds, let visits, let protection else { return nil }
    return floor + Double(visits) * protection.nsPerVisit / 1e9
  }

  /// The run's wall time over its second floor.
  var secondRatio: Double? {
    guard let wall = wallSeconds, let second = secondFloorSeconds, second > 0 else { return nil }
    return wall / second
  }

  struct Protection: Codable, Sendable, Equatable {
    /// The bare case of section 1 (`bare: empty round trip`).
    let primitive: String
    /// Its median with the fewest riders measured, in nanoseconds.
    let nsPerVisit: Double

    enum CodingKeys: String, CodingKey {
      case primitive
      case nsPerVisit = "ns_per_visit"
    }
  }

  struct Floor: Codable, Sendable, Equatable {
    /// Legs each rider waits out: a run's legs with this many paths.
    let legs: Int
    let wallSeconds: Double?
    let peakMegabytes: Double?
    let peakThreads: Int?
    /// Why it has no time (the time limit, a failure).
    let stopped: String?

    enum CodingKeys: String, CodingKey {
      case legs, stopped
      case wallSeconds = "wall_seconds"
      case peakMegabytes = "peak_megabytes"
      case peakThreads = "peak_threads"
    }
  }

  enum CodingKeys: String, CodingKey {
    case era, riders, stopped, floor, ratio, visits, protection
    case secondFloorSeconds = "second_floor_seconds"
    case secondRatio = "second_ratio"
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
    visits = try values.decodeIfPresent(Int.self, forKey: .visits)
    protection = try values.decodeIfPresent(Protection.self, forKey: .protection)
  }

  func encode(to encoder: any Encoder) throws {
    var values = encoder.container(keyedBy: CodingKeys.self)
    try values.encode(era, forKey: .era)
    try values.encode(riders, forKey: .riders)
    try values.encodeIfPresent(wallSeconds, forKey: .wallSeconds)
    try values.encodeIfPresent(peakMegabytes, forKey: .peakMegabytes)
    try values.encodeIfPresent(peakThreads, forKey: .peakThreads)
    try values.encodeIfPresent(stopped, forKey: .stopped)
    try values.encodeIfPresent(floor, forKey: .floor)
    try values.encodeIfPresent(ratio, forKey: .ratio)
    try values.encodeIfPresent(visits, forKey: .visits)
    try values.encodeIfPresent(protection, forKey: .protection)
    try values.encodeIfPresent(secondFloorSeconds, forKey: .secondFloorSeconds)
    try values.encodeIfPresent(secondRatio, forKey: .secondRatio)
  }

  /// The era this step ran (`dispatch/1024` ran `dispatch`).
  var runEra: String { String(era.split(separator: "/").first ?? Substring(era)) }

  /// The step with its era's protection from section 1: the bare case that
  /// goes with the era's first safe case (its default), with the fewest riders.
  func protected(by costs: [OperationCost]) -> ScaleStep {
    let mine = costs.filter { $0.era == runEra }
    guard let fewest = mine.map(\.riders).min(),
      let safe = mine.first(where: {
        $0.riders == fewest && $0.case.hasPrefix("safe") && !$0.case.contains("calls only")
      }),
      let bare = mine.first(where: { $0.riders == fewest && $0.case == safe.bareCase })
    else { return self }
    var step = self
    step.protection = Protection(
      primitive: bare.case.replacingOccurrences(of: "bare: ", with: ""), nsPerVisit: bare.ns.median)
    return step
  }
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
