import BikeShare

/// An independent model of the order story (`--story order`): Rossio has 1
/// free bike; riders A, B, C, D ask the app for it in that order, and each
/// request then reaches Rossio (`take`): the bike if it is free, else turned
/// away. A search over every order of the steps, with the story's rules
/// written out again here (DESIGN.md, "Order"); it shares no code with the
/// eras, the gate or the explorer.
///
/// - `ask`: rider k only after rider k − 1 has asked (the app's code is one
///   sequence).
/// - `take`: racy, any request asked may reach Rossio next; safe, only the
///   earliest asked that has not been served.
/// - Forbidden: a rider gets the bike while a rider who asked before it has
///   not been served yet ("B got the bike, though A asked first").
public enum OrderModel {
  public typealias Counts = StoryCounts

  struct State {
    /// Riders that have asked, in order (rider k is the k-th to ask).
    var asked = 0
    /// Asked and served (took the bike or was turned away).
    var served: Set<Int> = []
    var bike = true
    var holder: Int?
    var outOfOrder = false
  }

  struct Ending: Hashable {
    let holder: Int?
    let outOfOrder: Bool
  }

  /// Every schedule of `riders` riders in `mode` (racy or safe).
  public static func explore(_ mode: Mode, riders: Int) -> Counts {
    var counts = Counts()
    var endings: Set<Ending> = []
    func walk(_ state: State) {
      let waiting = (0..<state.asked).filter { !state.served.contains($0) }
      if state.asked == riders && waiting.isEmpty {
        counts.schedules += 1
        if state.outOfOrder { counts.forbidden += 1 }
        endings.insert(Ending(holder: state.holder, outOfOrder: state.outOfOrder))
        return
      }
      if state.asked < riders {
        var next = state
        next.asked += 1
        walk(next)
      }
      let mayTake = mode.isFix ? Array(waiting.prefix(1)) : waiting
      for rider in mayTake {
        var next = state
        if next.bike {
          next.bike = false
          next.holder = rider
          // Someone asked before it and has not been served.
          if waiting.contains(where: { $0 < rider }) { next.outOfOrder = true }
        }
        next.served.insert(rider)
        walk(next)
      }
    }
    walk(State())
    counts.outcomes = endings.count
    return counts
  }
}
