import BikeShare

/// An independent model of the wait story (`--story wait`): Rossio is empty;
/// riders A, B, C each want a bike and will wait for one; van V docks as
/// many bikes as there are riders, one at a time; waiting riders stand in
/// one first-in-first-out line. A search over every order of the steps,
/// with the story's rules written out again here (DESIGN.md, "Waiting"); it
/// shares no code with the eras, the gate or the explorer.
///
/// - `look`: a free bike is taken and the rider rides. Otherwise, racy: the
///   rider has seen none and its next step is `wait`; safe: it joins the
///   end of the line in the same step, asleep.
/// - `wait` (racy only, after a look that saw none): joins the end of the
///   line, asleep.
/// - `dock` (the van, while it has bikes): racy, a bike into a dock, then
///   the head of the line, if any, wakes and its next step is `look` again
///   (nobody in line: the wake-up is lost); safe, the head of the line, if
///   any, is handed the bike and rides, else the bike goes into a dock.
/// - A schedule ends when no step is possible; a rider asleep then is
///   forbidden ("A sleeps for ever beside a free bike"). An ending is who
///   sleeps (the free bikes follow: one for each sleeper).
public enum WaitModel {
  public typealias Counts = StoryCounts

  enum Rider: Hashable {
    case looks, sawNone, asleep, rode
  }

  struct State {
    var riders: [Rider]
    var bikesInVan: Int
    var free = 0
    /// Sleeping riders, first in first.
    var line: [Int] = []
  }

  /// Every schedule of `riders` riders in `mode` (racy or safe).
  public static func explore(_ mode: Mode, riders: Int) -> Counts {
    var counts = Counts()
    var endings: Set<[Int]> = []
    func walk(_ state: State) {
      var moved = false
      for rider in state.riders.indices {
        var next = state
        switch state.riders[rider] {
        case .looks:
          if next.free > 0 {
            next.free -= 1
            next.riders[rider] = .rode
          } else if mode.isFix {
            next.riders[rider] = .asleep
            next.line.append(rider)
          } else {
            next.riders[rider] = .sawNone
          }
        case .sawNone:
          next.riders[rider] = .asleep
          next.line.append(rider)
        case .asleep, .rode: continue
        }
        moved = true
        walk(next)
      }
      if state.bikesInVan > 0 {
        var next = state
        next.bikesInVan -= 1
        if let head = next.line.first {
          next.line.removeFirst()
          if mode.isFix {
            next.riders[head] = .rode
          } else {
            next.free += 1
            next.riders[head] = .looks
          }
        } else {
          next.free += 1
        }
        moved = true
        walk(next)
      }
      guard !moved else { return }
      counts.schedules += 1
      let sleepers = state.riders.indices.filter { state.riders[$0] == .asleep }
      if !sleepers.isEmpty { counts.forbidden += 1 }
      endings.insert(sleepers)
    }
    walk(State(riders: Array(repeating: .looks, count: riders), bikesInVan: riders))
    counts.outcomes = endings.count
    return counts
  }
}
