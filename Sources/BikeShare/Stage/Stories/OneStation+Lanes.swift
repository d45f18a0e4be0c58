/// A play of the stage drawn as swimlanes: one column per rider and one for
/// the station, one row per step, each saying where it ran in the era's
/// terms; as text (`--format lanes`) or as a Mermaid `sequenceDiagram`
/// (`--format mermaid`, which GitHub renders).
public enum Lanes {
  /// What one row shows.
  struct Row {
    let rider: Int
    let action: String
    let station: String
    let place: String
    let outOfRange: String?
  }

  static func rows(_ events: [Event], plot: OneStationPlot, era: EraInfo, mode: Mode) -> [Row] {
    var counts = plot.station.counts
    var served = 0
    let reentrant = era.ownModes.contains { $0.mode == mode && $0.script != nil }
    let own = era.ownModes.first { $0.mode == mode }?.station
    let check = reentrant ? "in the actor's method" : own ?? era.places.check
    let act = own ?? era.places.act
    return events.compactMap { event in
      switch event {
      case .checked(let rider, _, let counter, let value):
        let what = counter == .freeBikes ? "bike" : "slot"
        return Row(
          rider: rider, action: "checks: \(value) \(what)\(value == 1 ? "" : "s")",
          station: "\(counts)", place: check, outOfRange: nil)
      case .tookBike(let rider, _, let now), .leftBike(let rider, _, let now):
        counts = now
        served += 1
        let verb = event.isTake ? "takes a bike" : "docks its bike"
        // The counter below 0, as the step log marks it (the other is then
        // above the capacity).
        var out: String?
        if now.freeBikes < 0 { out = "free \(now.freeBikes)" }
        if now.emptySlots < 0 { out = "empty \(now.emptySlots)" }
        if out == nil, !plot.conserves(now, served: served) { out = "an update lost" }
        return Row(
          rider: rider, action: verb, station: "\(counts)", place: act,
          outOfRange: out)
      case .turnedAway(let rider, _, let wanted):
        return Row(
          rider: rider, action: wanted == .bike ? "no bike: walks on" : "no slot: rides on",
          station: "\(counts)", place: act, outOfRange: nil)
      default:
        return nil
      }
    }
  }

  /// Text lanes: fit 100 columns for up to three riders.
  public static func text(
    _ events: [Event], riders: Int, plot: OneStationPlot, era: EraInfo, mode: Mode
  ) -> String {
    let riderWidth = 17
    let stationWidth = 18
    func pad(_ text: String, _ width: Int) -> String {
      text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    var header = "    "
    for rider in 0..<riders { header += pad(Schedule.name(rider), riderWidth) }
    header += pad(plot.station.name, stationWidth) + "ran on"
    var lines = [header]
    for (number, row) in rows(events, plot: plot, era: era, mode: mode).enumerated() {
      var line = pad(String(number + 1), 4)
      for rider in 0..<riders { line += pad(rider == row.rider ? row.action : "", riderWidth) }
      line += pad(row.station, stationWidth) + row.place
      if let out = row.outOfRange { line += "  ← \(out)" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// A Mermaid sequence diagram of the same rows.
  public static func mermaid(
    _ events: [Event], riders: Int, plot: OneStationPlot, era: EraInfo, mode: Mode
  ) -> String {
    let s = plot.station
    let arriving = plot.want == .emptySlot ? "riding" : "on foot"
    var lines = ["sequenceDiagram"]
    let names = (0..<riders).map(Schedule.name)
    lines.append("    participant \(names[0]) as Rider \(names[0]) (\(arriving))")
    let station = era.ownModes.first { $0.mode == mode }?.station ?? era.places.station
    lines.append("    participant S as \(s.name) (\(station))")
    for name in names.dropFirst() {
      lines.append("    participant \(name) as Rider \(name) (\(arriving))")
    }
    lines.append("    Note over S: \(s.counts)")
    var served = 0
    for event in events {
      switch event {
      case .checked(let rider, _, let counter, let value):
        let name = Schedule.name(rider)
        lines.append("    \(name)->>S: \(counter == .freeBikes ? "freeBikes" : "emptySlots")")
        lines.append("    S-->>\(name): \(value)")
        if value > 0 { lines.append("    Note over \(name): race window") }
      case .tookBike(let rider, _, let now), .leftBike(let rider, _, let now):
        let name = Schedule.name(rider)
        lines.append("    \(name)->>S: \(event.isTake ? "removeBike()" : "addBike()")")
        served += 1
        let inRange =
          (0...s.capacity).contains(now.freeBikes) && (0...s.capacity).contains(now.emptySlots)
        let broken =
          !inRange
          ? " ← violation" : plot.conserves(now, served: served) ? "" : " ← an update lost"
        lines.append("    Note over S: \(now)\(broken)")
      case .turnedAway(let rider, _, let wanted):
        let name = Schedule.name(rider)
        lines.append("    S-->>\(name): \(wanted == .bike ? "no free bike" : "no empty slot")")
      default:
        break
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension Event {
  var isTake: Bool {
    if case .tookBike = self { return true }
    return false
  }
}

extension OneStationPlot {
  public func lanes(
    _ events: [Event], riders: Int, mode: Mode, stuck: ScriptedGate.Stuck?, era: EraInfo
  ) -> String {
    Lanes.text(events, riders: riders, plot: self, era: era, mode: mode)
  }

  public func mermaid(_ run: StageRun, era: EraInfo) -> String {
    Lanes.mermaid(run.events, riders: run.riders, plot: self, era: era, mode: run.mode)
  }
}
