/// A story drawn, written once: a lane for each participant, what each event
/// says in its lane, the mark beside the step that broke the rule, and the
/// stations' counts after each step (`LaneTable`). A story fills in the
/// words (`CancelLanes`, `OrderLanes`) and its Mermaid diagram; its plot
/// names them (`StoryPlot`) and gets `lanes` and `mermaid` from here.
protocol StoryLanes {
  /// The lanes' participants, in order: the riders, and any the story adds.
  static func lanes(riders: Int) -> [Int]
  /// Characters a lane takes.
  static var laneWidth: Int { get }
  /// Who did what in `event`, in a lane's words.
  static func action(_ event: Event) -> (who: Int, text: String)?
  /// What to print beside `event`'s line, if it is the step that broke the rule.
  static func mark(_ event: Event, in events: [Event]) -> String?
  /// The same as a Mermaid `sequenceDiagram`.
  static func mermaid(_ run: StageRun, stations: [StationRecord], era: EraInfo) -> String
}

extension StoryLanes {
  static func text(_ events: [Event], riders: Int, stations: [StationRecord]) -> String {
    var table = LaneTable(lanes: lanes(riders: riders), laneWidth: laneWidth, stations: stations)
    for event in events {
      guard let (lane, text) = action(event) else { continue }
      if let mark = mark(event, in: events) {
        table.add(event, lane: lane, text, mark: mark)
      } else {
        table.add(event, lane: lane, text)
      }
    }
    return table.text
  }
}

/// A plot filled in from its parts, the machinery written once: its
/// drawing (`Lanes`: `lanes` and `mermaid` come from there) and its play
/// hints, one a mode (`hint` comes from there).
protocol StoryPlot: Plot {
  associatedtype Lanes: StoryLanes
  /// `play`'s hint in racy mode (where to look for the win) and in safe mode
  /// (why there is none).
  var hints: (racy: String, safe: String) { get }
}

extension StoryPlot {
  public func hint(_ enabled: [ScriptedGate.Step], mode: Mode) -> String {
    mode.isFix ? hints.safe : hints.racy
  }

  public func lanes(
    _ events: [Event], riders: Int, mode: Mode, stuck: ScriptedGate.Stuck?, era: EraInfo
  ) -> String {
    Lanes.text(events, riders: riders, stations: stations)
  }

  public func mermaid(_ run: StageRun, era: EraInfo) -> String {
    Lanes.mermaid(run, stations: stations, era: era)
  }
}
