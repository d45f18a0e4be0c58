import BikeShare

/// Any counters, with the report's overtaking count (chapter 10): a rider's
/// request reaches the station when it first gets in. Inside the update, so
/// that the order counted is the lock's; before a read, which a barrier's
/// readers share (they have no one order inside it). The rest passes through.
struct Arrivals: Counters {
  private let counters: any Counters
  private let audit: StationAudit

  init(_ counters: any Counters, audit: StationAudit) {
    self.counters = counters
    self.audit = audit
  }

  var counts: StationCounts {
    audit.reached(RequestStamp.current)
    return counters.counts
  }

  func update<Result>(_ change: (inout StationCounts) -> Result) -> Result {
    let request = RequestStamp.current
    return counters.update { counts in
      audit.reached(request)
      return change(&counts)
    }
  }

  func removeBike(after window: () -> Void) -> StationCounts {
    counters.removeBike(after: window)
  }

  func addBike(after window: () -> Void) -> StationCounts {
    counters.addBike(after: window)
  }
}
