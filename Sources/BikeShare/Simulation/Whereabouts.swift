import Synchronization

/// Who is where in a run, for the watchdog: the visits and transfers
/// finished (its measure of progress), the station each rider is visiting,
/// and which van holds or waits for which station. Each change is one
/// relaxed atomic store or add, which orders nothing: the watchdog reads
/// them only once nothing has changed for seconds.
public final class Whereabouts: Sendable {
  private let finished = Atomic(0)
  /// When the vans' last transfer ended, in nanoseconds since `start`.
  private let lastTransfer = Atomic(0)
  private let start = ContinuousClock.now
  /// Per rider: 0 between visits, else 1 + station × 2 + (1 if it wants a slot).
  private let riders: [Cell]
  /// Per van: 0, or 1 + the station it waits for.
  private let vanWaits: [Cell]
  /// Per station: 0, or 1 + the van that holds it.
  private let holders: [Cell]

  private final class Cell: Sendable {
    let value = Atomic(0)
  }

  public init(riders: Int = 0, vans: Int = 0, stations: Int = 0) {
    self.riders = (0..<riders).map { _ in Cell() }
    vanWaits = (0..<vans).map { _ in Cell() }
    holders = (0..<stations).map { _ in Cell() }
  }

  // MARK: - Progress

  /// A visit or a transfer finished.
  public func add() { finished.wrappingAdd(1, ordering: .relaxed) }

  /// Visits and transfers finished so far.
  public var value: Int { finished.load(ordering: .relaxed) }

  /// A van's transfer finished: progress, and the time is kept.
  public func addTransfer() {
    add()
    let elapsed = start.duration(to: .now).components
    lastTransfer.store(
      Int(elapsed.seconds) * 1_000_000_000 + Int(elapsed.attoseconds / 1_000_000_000),
      ordering: .relaxed)
  }

  /// How long after the run began the vans' last transfer ended (nil: none did).
  public var lastTransferAt: Duration? {
    let nanoseconds = lastTransfer.load(ordering: .relaxed)
    return nanoseconds == 0 ? nil : .nanoseconds(nanoseconds)
  }

  // MARK: - Riders

  /// The rider is at `station`, asking for what it wants.
  public func arrive(rider: Int, station: Int, wanting want: Want) {
    guard riders.indices.contains(rider) else { return }
    riders[rider].value.store(1 + station * 2 + (want == .bike ? 0 : 1), ordering: .relaxed)
  }

  /// The station answered.
  public func leave(rider: Int) {
    guard riders.indices.contains(rider) else { return }
    riders[rider].value.store(0, ordering: .relaxed)
  }

  // MARK: - Vans

  /// The van asks for `station` (a lock, a queue, a future's work).
  public func waits(van: Int, for station: Int) {
    guard vanWaits.indices.contains(van) else { return }
    vanWaits[van].value.store(1 + station, ordering: .relaxed)
  }

  /// The van got `station`: it waits no more, and holds it.
  public func holds(van: Int, station: Int) {
    guard vanWaits.indices.contains(van), holders.indices.contains(station) else { return }
    vanWaits[van].value.store(0, ordering: .relaxed)
    holders[station].value.store(1 + van, ordering: .relaxed)
  }

  /// The van let go of `station`.
  public func letGo(van: Int, station: Int) {
    guard holders.indices.contains(station) else { return }
    holders[station].value.store(0, ordering: .relaxed)
  }

  // MARK: - What the watchdog says

  /// One link of a wait-for cycle: the van holds one station and waits for another.
  public struct Link: Sendable, Equatable {
    public let van: Int
    public let holds: Int
    public let waitsFor: Int
  }

  /// A cycle of vans, each waiting for a station the next one holds, if
  /// there is one: a deadlock, named. Starts from the lowest van in it.
  public func cycle() -> [Link]? {
    let waits = vanWaits.map { $0.value.load(ordering: .relaxed) - 1 }
    let holder = holders.map { $0.value.load(ordering: .relaxed) - 1 }
    func next(_ van: Int) -> Int? {
      let station = waits[van]
      guard station >= 0, holder.indices.contains(station), holder[station] >= 0 else {
        return nil
      }
      return holder[station]
    }
    for start in waits.indices where waits[start] >= 0 {
      var path = [start]
      var van = start
      while let following = next(van), following < waits.count {
        if let loop = path.firstIndex(of: following) {
          let vans = Array(path[loop...])
          // Each van holds what the van before it in the cycle waits for.
          let links = vans.indices.map { index in
            let before = vans[(index + vans.count - 1) % vans.count]
            return Link(van: vans[index], holds: waits[before], waitsFor: waits[vans[index]])
          }
          let lowest = links.indices.min { links[$0].van < links[$1].van } ?? 0
          return Array(links[lowest...] + links[..<lowest])
        }
        path.append(following)
        van = following
      }
    }
    return nil
  }

  /// What is waiting for what, in words: the cycle if there is one, vans
  /// waiting outside it, and riders grouped by the station and call they
  /// are in (`12 riders waiting at Rossio's takeBike`).
  public func waiting(stationNames names: [String]) -> [String] {
    func name(_ station: Int) -> String {
      names.indices.contains(station) ? names[station] : "station \(station + 1)"
    }
    var lines: [String] = []
    let links = cycle() ?? []
    if !links.isEmpty {
      lines.append(
        "deadlock: "
          + links.map {
            "van \($0.van + 1) holds \(name($0.holds)) and waits for \(name($0.waitsFor))"
          }
          .joined(separator: "; "))
    }
    let inCycle = Set(links.map(\.van))
    // Vans outside the cycle, grouped by the station they wait for.
    var queued: [Int: [Int]] = [:]
    for van in vanWaits.indices where !inCycle.contains(van) {
      let station = vanWaits[van].value.load(ordering: .relaxed) - 1
      if station >= 0 { queued[station, default: []].append(van + 1) }
    }
    for (station, vans) in queued.sorted(by: { $0.key < $1.key }) {
      let holder =
        holders.indices.contains(station) ? holders[station].value.load(ordering: .relaxed) - 1 : -1
      let who =
        vans.count == 1
        ? "van \(vans[0]) waits" : "vans \(vans.map(String.init).joined(separator: ", ")) wait"
      lines.append(
        "\(who) for \(name(station))" + (holder >= 0 ? ", which van \(holder + 1) holds" : ""))
    }
    var groups: [Int: Int] = [:]
    for rider in riders {
      let place = rider.value.load(ordering: .relaxed)
      if place > 0 { groups[place, default: 0] += 1 }
    }
    for (place, count) in groups.sorted(by: { $0.key < $1.key }) {
      let station = (place - 1) / 2
      let call = (place - 1) % 2 == 0 ? "takeBike" : "leaveBike"
      lines.append(
        "\(count) rider\(count == 1 ? "" : "s") waiting at \(name(station))'s \(call)")
    }
    return lines
  }
}
