import Dispatch

/// `--call-off N`: the app calls N riders off while they ride. The dice
/// choose which riders and on which of its rides each is called off (the
/// same in every era); each era calls off in its own idiom, and its rider
/// notices where its code looks. What follows is written down here: when
/// each call-off came, when the rider stopped, whether it stopped holding
/// its bike (stranded), and how many visits it made after the call-off.
public final class CallOffs: Sendable {
  /// A rider is called off on one of its first three rides.
  public static let rides = 3
  /// `--deadline-ms`: where the eras' timers fire (callbacks' fire on each
  /// rider's own queue). A serial queue, which libdispatch serves from its
  /// overcommit pool: a thread is started for it when every other is busy,
  /// so a deadline is not late because the global queue's threads are.
  public static let timers = DispatchQueue(label: "deadlines")
  /// The ride (1 = the rider's first) on which the app calls each chosen
  /// rider off; with a deadline, every rider, on no ride of its own (0).
  public let plan: [Int: Int]
  /// `--deadline-ms`: every rider is called off this long after it sets
  /// out, by a timer its era sets in its own idiom (nil: `--call-off`).
  public let deadline: Duration?
  /// Safe mode: a called-off rider docks its bike before it stops.
  public let givesBack: Bool
  private let entries = Locked<[Int: Entry]>([:])
  private let clock = ContinuousClock()

  private struct Entry {
    let calledOff: ContinuousClock.Instant
    var stopped: ContinuousClock.Instant?
    var visitsAfter = 0
  }

  /// - Parameters:
  ///   - count: riders to call off, at most `riders`.
  ///   - rides: a rider is called off on one of its first `rides` rides.
  public init(count: Int, riders: Int, rides: Int, seed: UInt64, givesBack: Bool) {
    var dice = RiderDice(seed: seed, rider: -1)
    // A partial Fisher-Yates shuffle: the first `count` riders of a
    // shuffled list, the same for a seed in every era.
    var order = Array(0..<riders)
    var plan: [Int: Int] = [:]
    for index in 0..<min(count, riders) {
      order.swapAt(index, index + dice.station(among: riders - index))
      plan[order[index]] = 1 + dice.station(among: max(1, rides))
    }
    self.plan = plan
    self.givesBack = givesBack
    deadline = nil
  }

  /// `--deadline-ms`: every rider's timer calls it off `deadline` after it
  /// sets out, wherever it is then (at a station, on a leg, on foot).
  public init(deadline: Duration, riders: Int, givesBack: Bool) {
    plan = Dictionary(uniqueKeysWithValues: (0..<riders).map { ($0, 0) })
    self.deadline = deadline
    self.givesBack = givesBack
  }

  /// The app (or the rider's deadline) has called `rider` off, now.
  func calledOff(rider: Int) {
    let now = clock.now
    entries.withLock { $0[rider] = Entry(calledOff: now) }
  }

  /// A called-off rider has stopped, now.
  func stopped(rider: Int, visitsAfter: Int) {
    let now = clock.now
    entries.withLock { entries in
      guard entries[rider]?.stopped == nil else { return }
      entries[rider]?.stopped = now
      entries[rider]?.visitsAfter = visitsAfter
    }
  }

  /// What the report says of the run's call-offs. Who was called off and
  /// who still holds a bike come from the riders' results, so a rider that
  /// stops without a word is counted too; the times, from the riders that
  /// said when they stopped.
  public func summary(of riders: [RiderResult]) -> CallOffSummary {
    entries.withLock { entries in
      let stops = entries.values.compactMap { entry in
        entry.stopped.map { (entry.calledOff.duration(to: $0).seconds, entry) }
      }
      let seconds = stops.map(\.0).sorted()
      return CallOffSummary(
        calledOff: riders.count(where: \.calledOff), stopped: stops.count,
        stranded: riders.count(where: { $0.calledOff && $0.holdsBike }),
        medianStopSeconds: seconds.isEmpty ? 0 : seconds[seconds.count / 2],
        largestStopSeconds: seconds.last ?? 0,
        visitsAfter: stops.reduce(0) { $0 + $1.1.visitsAfter },
        largestVisitsAfter: stops.map(\.1.visitsAfter).max() ?? 0,
        deadlineMilliseconds: deadline.map { Int(($0.seconds * 1_000).rounded()) })
    }
  }
}

/// A run's call-offs, for the report (`RunReport` carries each number, and
/// the JSON each key: `called_off`, `stranded`, `median_stop_seconds`…).
public struct CallOffSummary: Sendable, Equatable {
  /// Riders the app called off.
  public let calledOff: Int
  /// Of them, the riders that said when they stopped.
  public let stopped: Int
  /// Riders that stopped holding a bike: a bike no station will see again.
  public let stranded: Int
  /// From the call-off to the rider's stop.
  public let medianStopSeconds: Double
  public let largestStopSeconds: Double
  /// Visits the called-off riders began after their call-off, all together.
  public let visitsAfter: Int
  public let largestVisitsAfter: Int
  /// `--deadline-ms`: the call-offs were the riders' deadlines (nil: `--call-off`).
  public var deadlineMilliseconds: Int? = nil
}
