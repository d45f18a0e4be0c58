/// The wait story on the real runtime (`stress --story wait`): how long a
/// rider waited in the line, from joining it to riding, and how often the
/// bike a dock woke a rider for went to another rider before it looked
/// again (barging), against the safe mode's hand-off, where a docked bike
/// goes to the head of the line and nobody can take it first.
public struct LineTimes: Sendable {
  /// One for each rider that rode after joining the line: from its first
  /// join to its ride (a rider that looked again and joined again waited
  /// the whole time).
  public private(set) var waits: [Duration] = []
  /// Racy: the wake-ups, and those whose rider looked again and found no bike.
  public private(set) var woken = 0
  public private(set) var taken = 0
  /// Safe: bikes handed to the head of the line.
  public private(set) var handed = 0

  public init() {}

  /// One run's account, from its log's events and when each was kept.
  public init(_ timed: [(event: Event, at: ContinuousClock.Instant)]) {
    var joined: [Int: ContinuousClock.Instant] = [:]
    var looking: Set<Int> = []
    for (event, at) in timed {
      switch event {
      case .joinedLine(let rider, _):
        joined[rider] = joined[rider] ?? at
      case .woken(let rider, _):
        woken += 1
        looking.insert(rider)
      case .sawNoBike(let rider, _):
        if looking.remove(rider) != nil { taken += 1 }
      case .tookBike(let rider, _, _):
        looking.remove(rider)
        if let since = joined.removeValue(forKey: rider) { waits.append(since.duration(to: at)) }
      case .handed(let rider, _):
        handed += 1
        if let since = joined.removeValue(forKey: rider) { waits.append(since.duration(to: at)) }
      default: break
      }
    }
  }

  public mutating func add(_ other: LineTimes) {
    waits += other.waits
    woken += other.woken
    taken += other.taken
    handed += other.handed
  }

  /// The middle wait and the longest, in microseconds (0 with none).
  public var medianAndLongest: (median: Double, longest: Double) {
    let sorted = waits.sorted()
    guard let longest = sorted.last else { return (0, 0) }
    return (Self.micros(sorted[sorted.count / 2]), Self.micros(longest))
  }

  static func micros(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  }

  /// "38 µs", "2.41 ms".
  static func text(micros: Double) -> String {
    micros < 1000 ? "\(Int(micros.rounded())) µs" : String(format: "%.2f ms", micros / 1000)
  }

  /// Two lines for the stress report.
  public var lines: [String] {
    let (median, longest) = medianAndLongest
    let rode =
      waits.isEmpty
      ? "in the line: no rider rode after waiting"
      : "in the line: \(waits.count) riders rode after waiting, median \(Self.text(micros: median)),"
        + " longest \(Self.text(micros: longest))"
    guard handed == 0 else {
      return [
        rode, "handed the bike in the line \(handed) times; no rider was woken to look again",
      ]
    }
    let share = woken == 0 ? "" : " (" + Stress.percent(Double(taken) / Double(woken)) + ")"
    return [
      rode,
      "woken \(woken) times; the bike docked for the woken rider went to another in \(taken)\(share)",
    ]
  }

  public var json: [String: Any] {
    let (median, longest) = medianAndLongest
    return [
      "rode_after_waiting": waits.count, "median_wait_us": median.rounded(),
      "longest_wait_us": longest.rounded(), "woken": woken, "taken_from_woken": taken,
      "handed": handed,
    ]
  }
}
