/// The transfer stage drawn: text lanes and a Mermaid diagram of the vans,
/// the two stations, and, for a deadlock, who waits for whom.
enum TransferLanes {
  /// What each van holds, and whether it is done, after `events`.
  struct Vans {
    var holds: [Int: [String]] = [:]
    var done: Set<Int> = []

    init(_ events: [Event]) {
      for event in events {
        switch event {
        case .holds(let van, let station): holds[van, default: []].append(station)
        case .letGo(let van, let station): holds[van]?.removeAll { $0 == station }
        case .leftBike(let van, _, _), .turnedAway(let van, _, _):
          done.insert(van)
          holds[van] = nil
        default: break
        }
      }
    }
  }

  /// The station a stuck van waits for: the first of its two it does not hold.
  static func waitsFor(_ van: Int, _ vans: Vans, mode: Mode, stations: [StationRecord])
    -> String
  {
    let (from, to) = TransferStage.route(van)
    let order =
      mode == .safe && stations[to].id < stations[from].id ? [to, from] : [from, to]
    let held = vans.holds[van] ?? []
    return order.map { stations[$0].name }.first { !held.contains($0) } ?? stations[to].name
  }

  static func action(_ event: Event) -> (van: Int, text: String)? {
    switch event {
    case .holds(let van, let station): (van, "holds \(station)")
    case .letGo(let van, let station): (van, "lets go of \(station)")
    case .checked(let van, let station, let counter, let value):
      (
        van,
        "\(station): \(value) \(counter == .freeBikes ? "bike" : "slot")\(value == 1 ? "" : "s")"
      )
    case .tookBike(let van, let station, _): (van, "takes at \(station)")
    case .leftBike(let van, let station, _): (van, "leaves at \(station)")
    case .turnedAway(let van, let station, _): (van, "turned away (\(station))")
    default: nil
    }
  }

  static func text(_ run: StageRun) -> String {
    text(run.events, vans: run.riders, mode: run.mode, stuck: run.result.stuck)
  }

  static func text(_ events: [Event], vans: Int, mode: Mode, stuck: ScriptedGate.Stuck?)
    -> String
  {
    let stations = Story.transfer.stations
    let vanWidth = 19
    let stationWidth = 18
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    var counts = stations.map(\.counts)
    var header = "    "
    for van in 0..<vans { header += pad(Schedule.name(van), vanWidth) }
    for station in stations { header += pad(station.name, stationWidth) }
    var lines = [header.trimmingTrailingSpaces]
    var number = 0
    for event in events {
      guard let (van, text) = action(event) else { continue }
      switch event {
      case .tookBike(_, let station, let now), .leftBike(_, let station, let now):
        if let index = stations.firstIndex(where: { $0.name == station }) { counts[index] = now }
      default: break
      }
      number += 1
      var line = pad(String(number), 4)
      for other in 0..<vans { line += pad(other == van ? text : "", vanWidth) }
      for count in counts { line += pad("\(count)", stationWidth) }
      line = line.trimmingTrailingSpaces
      switch event {
      case .tookBike(_, _, let now), .leftBike(_, _, let now): line += EventLog.mark(now)
      default: break
      }
      lines.append(line)
    }
    switch stuck {
    case .deadlock(let cycle)?:
      let holding = Vans(events)
      var line = "    "
      for van in 0..<vans {
        let waiting =
          holding.done.contains(van)
          ? "" : "waits for \(waitsFor(van, holding, mode: mode, stations: stations))"
        line += pad(waiting, vanWidth)
      }
      lines.append(line.trimmingTrailingSpaces)
      lines.append("← deadlock: \(cycle)")
    case .livelock(let steps)?:
      lines.append("← livelock: \(steps), again and again")
    case nil: break
    }
    return lines.joined(separator: "\n")
  }

  static func mermaid(_ run: StageRun, era: EraInfo) -> String {
    let stations = run.story.stations
    let aliases = ["X", "Y"]
    let held = era.holdsStations ? era.places.station : "actor, never held"
    var lines = ["sequenceDiagram"]
    func van(_ index: Int) -> String {
      let (from, to) = TransferStage.route(index)
      let name = Schedule.name(index)
      return
        "    participant \(name) as Van \(name) (\(stations[from].name) to \(stations[to].name))"
    }
    lines.append(van(0))
    for (alias, station) in zip(aliases, stations) {
      lines.append("    participant \(alias) as \(station.name) (\(held))")
    }
    for index in 1..<run.riders { lines.append(van(index)) }
    for (alias, station) in zip(aliases, stations) {
      lines.append("    Note over \(alias): \(station.counts)")
    }
    func alias(_ name: String) -> String {
      aliases[stations.firstIndex { $0.name == name } ?? 0]
    }
    for event in run.events {
      switch event {
      case .holds(let van, let station):
        lines.append("    \(Schedule.name(van))->>\(alias(station)): hold")
      case .letGo(let van, let station):
        lines.append("    \(Schedule.name(van))-->>\(alias(station)): let go, start again")
      case .checked(let van, let station, let counter, let value):
        let name = Schedule.name(van)
        lines.append(
          "    \(name)->>\(alias(station)): \(counter == .freeBikes ? "freeBikes" : "emptySlots")")
        lines.append("    \(alias(station))-->>\(name): \(value)")
      case .tookBike(let van, let station, let now), .leftBike(let van, let station, let now):
        let verb = event.isTake ? "removeBike()" : "addBike()"
        lines.append("    \(Schedule.name(van))->>\(alias(station)): \(verb)")
        let broken = EventLog.mark(now).isEmpty ? "" : " ← violation"
        lines.append("    Note over \(alias(station)): \(now)\(broken)")
      case .turnedAway(let van, let station, let wanted):
        let what = wanted == .bike ? "no free bike" : "no empty slot"
        lines.append("    \(alias(station))-->>\(Schedule.name(van)): \(what)")
      default: break
      }
    }
    switch run.result.stuck {
    case .deadlock(let cycle)?:
      let vans = Vans(run.events)
      for van in 0..<run.riders where !vans.done.contains(van) {
        let station = waitsFor(van, vans, mode: run.mode, stations: stations)
        lines.append("    \(Schedule.name(van))--x\(alias(station)): waits")
      }
      let names = (0..<run.riders).map(Schedule.name)
      lines.append("    Note over \(names[0]),\(names[names.count - 1]): deadlock: \(cycle)")
    case .livelock(let steps)?:
      let names = (0..<run.riders).map(Schedule.name)
      lines.append(
        "    Note over \(names[0]),\(names[names.count - 1]): livelock: \(steps), again and again")
    case nil: break
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    String(self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)])
  }
}

extension TransferPlot {
  public func lanes(
    _ events: [Event], riders: Int, mode: Mode, stuck: ScriptedGate.Stuck?, era: EraInfo
  ) -> String {
    TransferLanes.text(events, vans: riders, mode: mode, stuck: stuck)
  }

  public func mermaid(_ run: StageRun, era: EraInfo) -> String {
    TransferLanes.mermaid(run, era: era)
  }
}
