import BikeShare

extension Mode {
  /// `bikes-dispatch --mode unsynchronized`: no lock at all (see `EraInfo.dispatch`).
  static let unsynchronized = Mode(rawValue: "unsynchronized")
}

/// `--mode unsynchronized`: no lock at all, a data race on purpose.
///
/// Swift 6 opt-out, and the lesson: a plain `var` read and written from many
/// threads with nothing to order the accesses. Swift 6 refuses to share this
/// class between threads without `@unchecked Sendable`, rightly. The racy act
/// reads both counters, lets other threads run (`window`), then writes:
/// whatever they wrote in between is lost.
final class UnsynchronizedCounters: Counters, @unchecked Sendable {
  private var current: StationCounts

  init(_ start: StationCounts) { current = start }

  var counts: StationCounts { current }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    change(&current)
  }

  func removeBike(after window: () -> Void) -> StationCounts {
    let seen = current
    window()
    current = seen.removingBike()
    return current
  }

  func addBike(after window: () -> Void) -> StationCounts {
    let seen = current
    window()
    current = seen.addingBike()
    return current
  }
}
