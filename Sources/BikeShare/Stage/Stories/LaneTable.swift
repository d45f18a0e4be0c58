/// Text swimlanes for the stories of several stations: a column for each
/// participant, then each station's counts after every step.
struct LaneTable {
  let lanes: [Int]
  let laneWidth: Int
  let stations: [StationRecord]
  let stationWidth = 18
  private(set) var lines: [String]
  private var counts: [StationCounts]
  private var number = 0

  init(lanes: [Int], laneWidth: Int, stations: [StationRecord]) {
    self.lanes = lanes
    self.laneWidth = laneWidth
    self.stations = stations
    counts = stations.map(\.counts)
    var header = "    "
    for lane in lanes { header += Self.pad(Schedule.name(lane), laneWidth) }
    for station in stations { header += Self.pad(station.name, stationWidth) }
    lines = [Self.trimmed(header)]
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }

  static func trimmed(_ line: String) -> String {
    String(line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)])
  }

  /// One numbered step: `text` in `lane`'s column, the counts after `event`
  /// (a take or a leave changes its station's), and `mark` at the end.
  mutating func add(_ event: Event, lane: Int, _ text: String, mark: String = "") {
    switch event {
    case .tookBike(_, let station, let now), .leftBike(_, let station, let now):
      if let index = stations.firstIndex(where: { $0.name == station }) { counts[index] = now }
    default: break
    }
    number += 1
    var line = Self.pad(String(number), 4)
    for other in lanes { line += Self.pad(other == lane ? text : "", laneWidth) }
    for count in counts { line += Self.pad("\(count)", stationWidth) }
    lines.append(Self.trimmed(line) + mark)
  }

  /// A line of the lanes' own, not a step: each lane's text, if any.
  mutating func note(_ texts: [Int: String]) {
    var line = "    "
    for lane in lanes { line += Self.pad(texts[lane] ?? "", laneWidth) }
    lines.append(Self.trimmed(line))
  }

  var text: String { lines.joined(separator: "\n") }
}

/// A Mermaid diagram's stations: each one's alias, and its counts at the start.
struct MermaidStations {
  let aliases: [String]
  let stations: [StationRecord]

  /// `Note over X: free 1, empty 1`, one a station.
  var notes: [String] {
    zip(aliases, stations).map { "    Note over \($0): \($1.counts)" }
  }

  /// The alias of the station named `name`.
  func alias(_ name: String) -> String {
    aliases[stations.firstIndex { $0.name == name } ?? 0]
  }
}
