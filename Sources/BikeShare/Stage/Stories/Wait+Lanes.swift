/// The wait story drawn: a lane for each rider, one for van V, and
/// Rossio's counts after each step; and the same as a Mermaid diagram.
enum WaitLanes: StoryLanes {
  /// Who did what in `event`, in a lane's words.
  static func action(_ event: Event) -> (who: Int, text: String)? {
    switch event {
    case .tookBike(let rider, _, _): (rider, "takes a bike")
    case .sawNoBike(let rider, _): (rider, "sees no bike")
    case .joinedLine(let rider, _): (rider, "joins line, sleeps")
    case .woken(let rider, _): (rider, "woken")
    case .handed(let rider, _): (rider, "handed the bike")
    case .leftBike(let rider, _, _): (rider, "docks a bike")
    case .sleepsForEver(let rider, _, _): (rider, "sleeps for ever")
    case .gaveBack(let rider, _): (rider, "gives the bike back")
    case .stopped(let rider, _): (rider, "stops, called off")
    default: nil
    }
  }

  static func lanes(riders: Int) -> [Int] { Array(0..<riders) + [WaitStage.van] }
  static let laneWidth = 19

  static func mark(_ event: Event, in events: [Event]) -> String? {
    guard case .sleepsForEver = event else { return nil }
    return "  ←"
  }

  static func mermaid(_ run: StageRun, stations: [StationRecord], era: EraInfo) -> String {
    var lines = ["sequenceDiagram"]
    for rider in 0..<run.riders {
      let name = Schedule.name(rider)
      lines.append("    participant \(name) as Rider \(name)")
    }
    lines.append("    participant V as Van V")
    lines.append("    participant R as \(stations[0].name)")
    lines.append("    Note over R: \(stations[0].counts)")
    for event in run.events {
      switch event {
      case .tookBike(let rider, _, let now):
        lines.append("    \(Schedule.name(rider))->>R: look: takes a bike")
        lines.append("    Note over R: \(now)")
      case .sawNoBike(let rider, _):
        lines.append("    \(Schedule.name(rider))->>R: look")
        lines.append("    R-->>\(Schedule.name(rider)): no free bike")
      case .joinedLine(let rider, _):
        lines.append("    \(Schedule.name(rider))->>R: join the line, sleep")
      case .leftBike(_, _, let now):
        lines.append("    V->>R: dock a bike")
        lines.append("    Note over R: \(now)")
      case .woken(let rider, _):
        lines.append("    R-->>\(Schedule.name(rider)): wake up (look again)")
      case .handed(let rider, _):
        lines.append("    R-->>\(Schedule.name(rider)): the bike, handed in the line")
      case .sleepsForEver(let rider, _, _):
        lines.append("    Note over \(Schedule.name(rider)): sleeps for ever beside a free bike")
      default: break
      }
    }
    return lines.joined(separator: "\n")
  }
}
