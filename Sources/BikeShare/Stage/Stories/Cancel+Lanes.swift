/// The cancel story drawn: a lane for each rider, one for X, and the two
/// stations' counts after each step; and the same as a Mermaid diagram.
enum CancelLanes: StoryLanes {
  /// Who did what in `event`, in a lane's words.
  static func action(_ event: Event) -> (who: Int, text: String)? {
    switch event {
    case .tookBike(let rider, let station, _): (rider, "takes at \(station)")
    case .leftBike(let rider, let station, _): (rider, "docks at \(station)")
    case .foundNoBike(let rider, let station): (rider, "no bike (\(station))")
    case .calledOff(let rider, let by): (by, "calls off \(Schedule.name(rider))")
    case .stopped(let rider, let holding): (rider, holding ? "stops WITH the bike" : "stops")
    default: nil
    }
  }

  static func lanes(riders: Int) -> [Int] { Array(0..<riders) + [CancelStage.caller] }
  static let laneWidth = 20

  static func mark(_ event: Event, in events: [Event]) -> String? {
    guard case .stopped(_, true) = event else { return nil }
    return "  ← stranded"
  }

  static func mermaid(_ run: StageRun, stations: [StationRecord], era: EraInfo) -> String {
    let aliases = ["R", "C"]
    var lines = ["sequenceDiagram"]
    for rider in 0..<run.riders {
      let name = Schedule.name(rider)
      lines.append("    participant \(name) as Rider \(name)")
    }
    lines.append("    participant X as X (the app)")
    for (alias, station) in zip(aliases, stations) {
      lines.append("    participant \(alias) as \(station.name)")
    }
    let drawn = MermaidStations(aliases: aliases, stations: stations)
    lines += drawn.notes
    let alias = drawn.alias
    for event in run.events {
      switch event {
      case .tookBike(let rider, let station, let now), .leftBike(let rider, let station, let now):
        let verb = event.isTake ? "takeBike()" : "leaveBike()"
        lines.append("    \(Schedule.name(rider))->>\(alias(station)): \(verb)")
        lines.append("    Note over \(alias(station)): \(now)")
      case .foundNoBike(let rider, let station):
        lines.append("    \(alias(station))-->>\(Schedule.name(rider)): no free bike")
      case .calledOff(let rider, let by):
        lines.append(
          "    \(Schedule.name(by))-)\(Schedule.name(rider)): call off (\(era.places.callOff))")
      case .stopped(let rider, let holding):
        let name = Schedule.name(rider)
        lines.append(
          "    Note over \(name): "
            + (holding ? "stops holding the bike: stranded" : "stops, holding nothing"))
      default: break
      }
    }
    return lines.joined(separator: "\n")
  }
}
