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
    var table = LaneTable(lanes: Array(0..<vans), laneWidth: 19, stations: stations)
    for event in events {
      guard let (van, text) = action(event) else { continue }
      switch event {
      case .tookBike(_, _, let now), .leftBike(_, _, let now):
        table.add(event, lane: van, text, mark: EventLog.mark(now))
      default: table.add(event, lane: van, text)
      }
    }
    switch stuck {
    case .deadlock(let cycle)?:
      let holding = Vans(events)
      var waits: [Int: String] = [:]
      for van in 0..<vans where !holding.done.contains(van) {
        waits[van] = "waits for \(waitsFor(van, holding, mode: mode, stations: stations))"
      }
      table.note(waits)
      return table.text + "\n← deadlock: \(cycle)"
    case .livelock(let steps)?:
      return table.text + "\n← livelock: \(steps), again and again"
    case nil: return table.text
    }
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
    let drawn = MermaidStations(aliases: aliases, stations: stations)
    lines += drawn.notes
    let alias = drawn.alias
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
