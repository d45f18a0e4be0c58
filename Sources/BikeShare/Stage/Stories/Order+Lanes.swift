/// The order story drawn: a lane for each rider's request and Rossio's
/// counts after each step; and the same as a Mermaid diagram.
enum OrderLanes: StoryLanes {
  /// Who did what in `event`, in a lane's words.
  static func action(_ event: Event) -> (who: Int, text: String)? {
    switch event {
    case .asked(let rider, _): (rider, "asked (sent)")
    case .tookBike(let rider, let station, _): (rider, "takes at \(station)")
    case .foundNoBike(let rider, let station): (rider, "no bike (\(station))")
    default: nil
    }
  }

  static func lanes(riders: Int) -> [Int] { Array(0..<riders) }
  static let laneWidth = 18

  /// One bike: the only take is the one that may have overtaken.
  static func mark(_ event: Event, in events: [Event]) -> String? {
    guard case .tookBike = event, let first = OrderPlot.firstCome(events)?.askedFirst else {
      return nil
    }
    return "  ← \(Schedule.name(first)) asked first"
  }

  static func mermaid(_ run: StageRun, stations: [StationRecord], era: EraInfo) -> String {
    var lines = ["sequenceDiagram", "    participant App as the app"]
    for rider in 0..<run.riders {
      let name = Schedule.name(rider)
      lines.append("    participant \(name) as \(name)'s request")
    }
    lines.append("    participant R as \(stations[0].name)")
    lines.append("    Note over R: \(stations[0].counts)")
    let sends = run.mode.isFix ? era.places.ordered : era.places.sends
    let overtook = OrderPlot.firstCome(run.events)?.askedFirst
    for event in run.events {
      switch event {
      case .asked(let rider, _):
        lines.append("    App-)\(Schedule.name(rider)): send (\(sends))")
      case .tookBike(let rider, _, let now):
        let name = Schedule.name(rider)
        lines.append("    \(name)->>R: takeBike()")
        lines.append("    Note over R: \(now)")
        if let first = overtook {
          lines.append(
            "    Note over \(name): got the bike, though \(Schedule.name(first)) asked first")
        }
      case .foundNoBike(let rider, _):
        let name = Schedule.name(rider)
        lines.append("    \(name)->>R: takeBike()")
        lines.append("    R-->>\(name): no free bike")
      default: break
      }
    }
    return lines.joined(separator: "\n")
  }
}
