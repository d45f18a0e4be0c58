import Foundation
import Synchronization

/// One thing `bikes-bench` times inside an era: take-and-leave pairs on one
/// station, in the era's own idiom (or the era's bare primitive doing
/// nothing), with a number of riders running at once.
public struct BenchCase: Sendable {
  /// `safe`, `racy`, `safe, lock nslock`, `bare: empty actor call`.
  public let name: String
  /// The era's primitive alone, with no station work: the yardstick.
  public let isBare: Bool
  /// Runs `pairs` take-and-leave pairs per rider with `riders` riders at
  /// once (each rider stops early once `stop` is pulled), and returns when
  /// every rider is done.
  public let run: @Sendable (_ riders: Int, _ pairs: Int, _ stop: BenchStop) async -> Void

  public init(
    _ name: String, isBare: Bool = false,
    run: @escaping @Sendable (_ riders: Int, _ pairs: Int, _ stop: BenchStop) async -> Void
  ) {
    self.name = name
    self.isBare = isBare
    self.run = run
  }

  /// Starts `count` chains of callbacks (one per rider) and returns once
  /// each has called its `done`.
  public static func chains(
    _ count: Int, _ start: @escaping @Sendable (Int, _ done: @escaping @Sendable () -> Void) -> Void
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      for index in 0..<count {
        all.enter()
        start(index) { all.leave() }
      }
      all.notify(queue: .global()) { continuation.resume() }
    }
  }

  /// A station with room for every pair: takes and leaves always succeed.
  public static let station = StationRecord(
    id: "bench", name: "Bench", freeBikes: 500_000, emptySlots: 500_000)
}

/// Ends a timed run early: under contention a cost can jump a
/// thousandfold between two sizes (a lock convoy), and no run may take
/// minutes. Riders count the pairs they made and look at it every 64 pairs
/// (never before their 63rd, so every timing has pairs in it).
public final class BenchStop: Sendable {
  private let pulled = Atomic(false)
  private let made = Atomic(0)

  public init() {}

  func pull() { pulled.store(true, ordering: .relaxed) }

  /// Pairs made by every rider.
  var pairs: Int { made.load(ordering: .relaxed) }

  /// Runs `body` `pairs` times, or fewer once the stop is pulled.
  public func loop(_ pairs: Int, _ body: () -> Void) {
    var done = 0
    while done < pairs {
      if done & 63 == 63, pulled.load(ordering: .relaxed) { break }
      body()
      done += 1
    }
    made.wrappingAdd(done, ordering: .relaxed)
  }

  /// `loop` for async work.
  public func loop(_ pairs: Int, _ body: () async -> Void) async {
    var done = 0
    while done < pairs {
      if done & 63 == 63, pulled.load(ordering: .relaxed) { break }
      await body()
      done += 1
    }
    made.wrappingAdd(done, ordering: .relaxed)
  }

  /// For a chain of callbacks: true while the chain should go on; counts a pair.
  public func goOn(_ left: Int) -> Bool {
    guard left > 0 else { return false }
    let count = made.wrappingAdd(1, ordering: .relaxed).newValue
    // As `loop`: a rider makes at least 63 pairs before it looks.
    if count & 63 == 0, pulled.load(ordering: .relaxed) {
      made.wrappingSubtract(1, ordering: .relaxed)
      return false
    }
    return true
  }
}

/// What an era's hidden `bench-ops` subcommand prints: one JSON line per
/// case and rider count.
public struct BenchTiming: Codable, Sendable, Equatable {
  public let era: String
  public let `case`: String
  public let bare: Bool
  public let riders: Int
  /// Take-and-leave pairs timed (per rider).
  public let pairs: Int
  /// Nanoseconds per station operation (a take or a leave), all riders together.
  public let nsPerOperation: Double

  public init(
    era: String, case name: String, bare: Bool, riders: Int, pairs: Int, nsPerOperation: Double
  ) {
    self.era = era
    self.case = name
    self.bare = bare
    self.riders = riders
    self.pairs = pairs
    self.nsPerOperation = nsPerOperation
  }

  enum CodingKeys: String, CodingKey {
    case era, `case`, bare, riders, pairs
    case nsPerOperation = "ns_per_operation"
  }
}
