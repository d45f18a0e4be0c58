/// One era as every executable knows it: the eras themselves, and
/// `bikes-side-by-side`, which runs them and cannot link them.
public struct EraInfo: Sendable {
  /// The name in reports (`callbacks`).
  public let name: String
  /// The era's title in the chapters.
  public let title: String
  /// One line for `--help`.
  public let summary: String
  /// Three to five lines printed before a text run: what to watch for.
  public let banner: [String]
  /// Modes only this era has (declared here, named in no other era's folder).
  public let ownModes: [OwnMode]
  /// Options only this era has, shown in `--help` after `--mode`.
  public let ownOptions: [Option]
  /// Stage options only this era has (`--scheduler`).
  public let ownStageOptions: [StageOption]
  /// Where a step runs, in this era's terms (for swimlanes).
  public let places: Places
  /// Whether a van can hold a station while it takes the next (locks,
  /// queues, blocking futures): false for actors, which are reentrant.
  public let holdsStations: Bool

  /// Where a check, an act and a wait in the window run.
  public struct Places: Sendable {
    public init(
      station: String, check: String, act: String, window: String, callOff: String,
      sends: String, ordered: String
    ) {
      self.station = station
      self.check = check
      self.act = act
      self.window = window
      self.callOff = callOff
      self.sends = sends
      self.ordered = ordered
    }

    /// The station, as a lane's title: "Rossio (actor)".
    public let station: String
    public let check: String
    public let act: String
    public let window: String
    /// How the cancel story's X calls off a rider: `Task.cancel()`.
    public let callOff: String
    /// How the order story's racy app sends each request: "a Task {} each".
    public let sends: String
    /// The era's tool that keeps the order story's requests in the order
    /// asked: "one task reading an AsyncStream".
    public let ordered: String
  }

  public init(
    name: String, title: String, summary: String, banner: [String], places: Places,
    ownModes: [OwnMode] = [],
    ownOptions: [Option] = [], ownStageOptions: [StageOption] = [], holdsStations: Bool = true
  ) {
    self.places = places
    self.holdsStations = holdsStations
    self.name = name
    self.title = title
    self.summary = summary
    self.banner = banner
    self.ownModes = ownModes
    self.ownOptions = ownOptions
    self.ownStageOptions = ownStageOptions
  }

  public var executable: String { "bikes-\(name)" }

  /// Every mode `--mode` accepts, the shared ones first.
  public var modes: [Mode] { Mode.both + ownModes.map(\.mode) }

  /// The command line's options in `--help` order: `--mode`, the era's own, the shared ones.
  public var options: [Option] { [.mode(ownModes)] + ownOptions + Option.shared }

  /// The era's own options that are not at their default, as typed after a
  /// stage command (` --lock nslock`): every printed re-run command carries them.
  public func flags(_ configuration: Configuration) -> String {
    ownOptions.filter(\.inStages).compactMap { option in
      option.shown(configuration).map { " \(option.name) \($0)" }
    }.joined()
  }

  /// `flags(_:)` of the era whose executable this is ("" for another name).
  public static func flags(of executable: String, _ configuration: Configuration) -> String {
    all.first { $0.executable == executable }?.flags(configuration) ?? ""
  }

  public func takes(_ option: Option) -> Bool { ownOptions.contains { $0.name == option.name } }

  /// The eras, oldest first: the order of the chapters and the side-by-side table.
  public static let all: [EraInfo] = [callbacks, operations, dispatch, futures, actors]

  public static func named(_ name: String) -> EraInfo? { all.first { $0.name == name } }

  /// The era's place in the evolution, from 1 (callbacks): its place in `all`,
  /// the one list that numbers the eras (`--help` says "era 5 of 5").
  public var number: Int { (Self.all.firstIndex { $0.name == name } ?? Self.all.count) + 1 }

  public static let callbacks = EraInfo(
    name: "callbacks", title: "completion handlers",
    summary: "completion handlers on DispatchQueues (before async/await)",
    banner: [
      "Each station answers through completion handlers from its own serial queue.",
      "racy: `freeBikes { free in ... removeBike { ... } }`: two calls, and other riders'",
      "      calls run on the station's queue in between.",
      "safe: `takeBike { taken in ... }` checks and acts in one block on the station's queue.",
    ],
    places: Places(
      station: "serial queue", check: "station's queue", act: "station's queue",
      window: "rider's queue", callOff: "cancel() on the trip's handle",
      sends: "a block each on the global queue", ordered: "one serial queue"))

  public static let operations = EraInfo(
    name: "operations", title: "OperationQueue",
    summary: "Operation subclasses, dependencies and OperationQueues",
    banner: [
      "Every step is an Operation: check, take or leave, ride or walk a leg.",
      "racy: the check and the act are two operations on the station's serial queue;",
      "      other riders' operations run there in between.",
      "safe: one operation checks and acts while the station's queue runs nothing else.",
    ],
    places: Places(
      station: "OperationQueue", check: "CheckOperation", act: "TakeOrLeaveOperation",
      window: "ProbeOperation", callOff: "Operation.cancel()",
      sends: "an operation each, with no dependency",
      ordered: "a dependency on the previous request"))

  public static let dispatch = EraInfo(
    name: "dispatch", title: "DispatchQueue and locks",
    summary: "threads, DispatchQueues and locks (NSLock, Mutex, queues, atomics)",
    banner: [
      "Each rider is a loop on its own thread; each station guards its counters with a lock.",
      "racy: the check and the act each take the lock, and let go of it in between.",
      "safe: one lock around check and act.  unsynchronized: no lock at all (a data race).",
    ],
    places: Places(
      station: "lock", check: "rider's thread, locked", act: "rider's thread, locked",
      window: "rider's thread", callOff: "a flag its thread reads",
      sends: "a thread each", ordered: "one worker thread taking a line in turn"),
    ownModes: [
      OwnMode(
        Mode(rawValue: "unsynchronized"), help: "no locks at all (a data race)",
        shown: "→ data race shown: unsynchronized counters lost updates or left 0...capacity.",
        clean: "→ no damage seen this time: a data race is still a bug (run Scripts/tsan.sh).",
        replays: false, station: "plain vars, no lock")
    ],
    ownOptions: [.lock, .threadCap])

  public static let futures = EraInfo(
    name: "futures", title: "futures and a blocking wait",
    summary: "futures and a blocking wait (AlecrimAsyncKit style, before async/await)",
    banner: [
      "Each rider is a loop on its own thread; every station call returns a future it waits for.",
      "racy: `station.freeBikes().wait()`, then `station.removeBike().wait()`: two futures,",
      "      and other riders' futures run on the station's queue in between.",
      "safe: the two inside one future with a mutually exclusive condition per station.",
    ],
    places: Places(
      station: "serial queue", check: "future, station's queue", act: "future, station's queue",
      window: "rider's thread", callOff: "Future.cancel()",
      sends: "a future each", ordered: "a chain of futures, each waiting for the one before"),
    ownOptions: [.exclusive])

  public static let actors = EraInfo(
    name: "actors", title: "async/await and actors",
    summary: "async/await with actors (Swift 5.5 and later)",
    banner: [
      "Each station is an actor; each rider is a child task in a task group.",
      "racy: `await station.freeBikes > 0`, then `await station.removeBike()`: two calls,",
      "      each atomic, with other riders' calls in between (check-then-act).",
      "reentrant: one station method that awaits a payment between its check and its act.",
      "safe: check and act as one unit (--fix: one actor method, an isolated parameter,",
      "      or reserve before paying). Watch the lowest counts and the violations.",
    ],
    places: Places(
      station: "actor", check: "on the actor", act: "on the actor",
      window: "suspended, off the actor", callOff: "Task.cancel()",
      sends: "a Task {} each", ordered: "one task reading an AsyncStream"),
    ownModes: [
      OwnMode(
        Mode(rawValue: "reentrant"),
        help: "an await inside the station's own method",
        shown: "→ reentrancy shown: the station's method was suspended between its check and its"
          + " act, and other riders ran on the actor meanwhile.",
        clean: "→ no race this time: no counter left its range in this run (a clean run proves"
          + " nothing).",
        replays: true,
        script: "Script: A checks in the station, held at its payment; B too;")
    ],
    ownOptions: [.fix, .callers], ownStageOptions: [.scheduler], holdsStations: false)
}
