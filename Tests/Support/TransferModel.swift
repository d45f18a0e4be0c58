import BikeShare

/// An independent model of the transfer stage: the vans as small state
/// machines over the stations' counters, and a search over every order of
/// their probe points with the gate's rules (a van waits for a station
/// another holds; none can go on: deadlock; a state seen before on the same
/// path: livelock). It shares no code with the eras or the explorer, so an
/// era whose counts differ from it has a bug, or the model does.
public enum TransferModel {
  public struct Counts: Equatable, CustomStringConvertible, Sendable {
    public var schedules = 0
    public var forbidden = 0
    public var deadlocked = 0
    public var livelocked = 0

    public init(schedules: Int, forbidden: Int, deadlocked: Int, livelocked: Int) {
      self.schedules = schedules
      self.forbidden = forbidden
      self.deadlocked = deadlocked
      self.livelocked = livelocked
    }

    init() {}

    public var description: String {
      "\(schedules) schedules, \(forbidden) forbidden, \(deadlocked) deadlocked,"
        + " \(livelocked) livelocked"
    }
  }

  /// Where a van is parked: at which point, for which station.
  enum At: Hashable {
    case arrive(Int)
    case window(Int)
    case hold(Int)
    case done
  }

  struct Van: Hashable {
    var at: At
    var holds: [Int] = []
    /// The actors' safe fix: it has kept a slot at its destination.
    var reserved = false
  }

  struct State: Hashable {
    var vans: [Van]
    var free: [Int]
    var reserved: [Int]
  }

  static let capacity = 2

  /// Explores every schedule of `vans` vans in `mode`.
  /// - Parameter holdsStations: false for actors, which cannot be held.
  public static func explore(_ mode: Mode, vans: Int, holdsStations: Bool) -> Counts {
    let start = State(
      vans: (0..<vans).map { van in
        Van(at: .arrive(first(van, mode: mode, holdsStations: holdsStations)))
      },
      free: [1, 1], reserved: [0, 0])
    var counts = Counts()
    var low = [1, 1]
    var high = [1, 1]
    var path: Set<State> = []
    func walk(_ state: State, low: [Int], high: [Int]) {
      let waiting = state.vans.indices.filter { state.vans[$0].at != .done }
      if waiting.isEmpty {
        counts.schedules += 1
        if broken(low, high, state) { counts.forbidden += 1 }
        return
      }
      let enabled = waiting.filter { canGo($0, state, mode: mode, holdsStations: holdsStations) }
      if enabled.isEmpty {
        counts.schedules += 1
        if broken(low, high, state) { counts.forbidden += 1 } else { counts.deadlocked += 1 }
        return
      }
      if mode == .backoff, holdsStations {
        if path.contains(state) {
          counts.schedules += 1
          if broken(low, high, state) { counts.forbidden += 1 } else { counts.livelocked += 1 }
          return
        }
        path.insert(state)
      }
      for van in enabled {
        var next = state
        step(van, &next, mode: mode, holdsStations: holdsStations)
        let newLow = zip(low, next.free).map { min($0, $1, capacity - $1) }
        let newHigh = zip(high, next.free).map { max($0, $1, capacity - $1) }
        walk(next, low: newLow, high: newHigh)
      }
      if mode == .backoff, holdsStations { path.remove(state) }
    }
    low = low.map { min($0, capacity - $0) }
    high = high.map { max($0, capacity - $0) }
    walk(start, low: low, high: high)
    return counts
  }

  static func route(_ van: Int) -> (from: Int, to: Int) { van % 2 == 0 ? (0, 1) : (1, 0) }

  static func first(_ van: Int, mode: Mode, holdsStations: Bool) -> Int {
    // Safe vans of the blocking eras take Rossio (0) first; everyone else its source.
    mode == .safe && holdsStations ? 0 : route(van).from
  }

  static func second(_ van: Int, mode: Mode, holdsStations: Bool) -> Int {
    mode == .safe && holdsStations ? 1 : route(van).to
  }

  static func heldByAnother(_ station: Int, _ van: Int, _ state: State) -> Bool {
    state.vans.indices.contains { $0 != van && state.vans[$0].holds.contains(station) }
  }

  static func canGo(_ van: Int, _ state: State, mode: Mode, holdsStations: Bool) -> Bool {
    guard holdsStations, mode != .racy else { return true }
    switch state.vans[van].at {
    case .arrive(let station): return !heldByAnother(station, van, state)
    case .hold(let station): return mode == .backoff || !heldByAnother(station, van, state)
    case .window, .done: return true
    }
  }

  /// The van leaves its probe point and runs to the next one.
  static func step(_ van: Int, _ state: inout State, mode: Mode, holdsStations: Bool) {
    let (from, to) = route(van)
    let at = state.vans[van].at
    func finish() {
      state.vans[van].at = .done
      state.vans[van].holds = []
    }
    func move() {
      state.free[from] -= 1
      state.free[to] += 1
    }
    switch (mode, holdsStations, at) {
    case (.safe, false, .arrive):
      // Actors' fix: keep a slot at the destination, then take the bike.
      if capacity - state.free[to] - state.reserved[to] > 0 {
        state.reserved[to] += 1
        state.vans[van].at = .hold(to)
      } else {
        finish()
      }
    case (.safe, false, .hold):
      state.reserved[to] -= 1
      if state.free[from] > 0 { move() }
      finish()
    case (.racy, _, .arrive), (.nested, false, .arrive):
      // Check both stations; a van turned away leaves at once.
      if state.free[from] > 0, capacity - state.free[to] > 0 {
        state.vans[van].at = mode == .racy ? .window(from) : .hold(to)
      } else {
        finish()
      }
    case (_, _, .window), (.nested, false, .hold):
      move()  // on checks made before: maybe stale
      finish()
    case (_, true, .arrive(let station)):
      state.vans[van].holds = [station]
      state.vans[van].at = .hold(second(van, mode: mode, holdsStations: true))
    case (.backoff, true, .hold(let station)) where heldByAnother(station, van, state):
      state.vans[van].holds = []
      state.vans[van].at = .arrive(from)
    case (_, true, .hold):
      if state.free[from] > 0, capacity - state.free[to] > 0 { move() }
      finish()
    default:
      finish()
    }
  }

  static func broken(_ low: [Int], _ high: [Int], _ state: State) -> Bool {
    low.contains { $0 < 0 } || high.contains { $0 > capacity } || state.free.reduce(0, +) != 2
  }
}
