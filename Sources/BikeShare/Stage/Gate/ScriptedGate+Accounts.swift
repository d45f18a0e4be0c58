/// What the gate says about where everyone is: who waits for which
/// station, and the snapshot a livelock repeats.
extension ScriptedGate.State {
  /// `A holds Rossio and waits for Chiado; B ...`: every parked van.
  var waitsFor: String {
    parked.keys.sorted().map { rider in
      let at = parked[rider]!
      let held = (holds[rider] ?? []).map(name)
      let holding = held.isEmpty ? "" : " holds \(held.joined(separator: " and ")) and"
      return "\(Schedule.name(rider))\(holding) waits for \(name(at.station))"
    }.joined(separator: "; ")
  }

  /// Where every rider is and what it holds: what repeats in a livelock.
  var snapshot: String {
    riders.sorted().map { rider in
      if finished.contains(rider) { return "done" }
      let at = parked[rider].map { "\($0.point.word)@\($0.station)" } ?? "running"
      return "\(at)+\(holds[rider] ?? [])"
    }.joined(separator: ",")
  }

  func name(_ station: Int) -> String {
    station < stations.count ? stations[station] : "station \(station + 1)"
  }
}
