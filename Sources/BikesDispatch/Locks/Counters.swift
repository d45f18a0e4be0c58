import BikeShare

/// A station's two counters behind some kind of protection: four locks, and
/// one lock-free atomic counter. Each supplies two things, a protected read
/// and a protected update; the station's six words follow from them, the same
/// for every kind. `--lock` picks one.
protocol Counters: Sendable {
  /// One protected read of both counters.
  var counts: StationCounts { get }
  /// Runs `change` on the counters while nothing else can touch them, and
  /// returns what it returns. (`change` may run more than once: see `AtomicCounters`.)
  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result
  /// Racy mode's act, with the race window: before the locked update for
  /// every lock (below), inside the update for the unsynchronized counters.
  func removeBike(after window: () -> Void) -> StationCounts
  func addBike(after window: () -> Void) -> StationCounts
}

extension Counters {
  // MARK: - Racy mode: each call is protected, the pair is not

  var freeBikes: Int { counts.freeBikes }

  var emptySlots: Int { counts.emptySlots }

  /// Takes a bike out of its dock, whatever the counters say.
  func removeBike() -> StationCounts {
    update { counts in
      counts = counts.removingBike()
      return counts
    }
  }

  /// Docks a bike, whatever the counters say.
  func addBike() -> StationCounts {
    update { counts in
      counts = counts.addingBike()
      return counts
    }
  }

  /// The lock is free while `window` runs.
  func removeBike(after window: () -> Void) -> StationCounts {
    window()
    return removeBike()
  }

  func addBike(after window: () -> Void) -> StationCounts {
    window()
    return addBike()
  }

  // MARK: - Safe mode: check and act in one protected update

  /// Takes a bike if there is one: the new counts, or nil.
  func takeBike() -> StationCounts? {
    update { counts in
      guard counts.freeBikes > 0 else { return nil }
      counts = counts.removingBike()
      return counts
    }
  }

  /// Leaves a bike if there is an empty slot: the new counts, or nil.
  func leaveBike() -> StationCounts? {
    update { counts in
      guard counts.emptySlots > 0 else { return nil }
      counts = counts.addingBike()
      return counts
    }
  }
}
