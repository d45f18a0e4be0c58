import Foundation

/// What an era implements; `EraCommand` does the rest (command line, city,
/// audit, report, exit codes), identically for every era.
/// (`SendableMetatype`: the command runs an era's `simulate` in a task it can cancel.)
public protocol Era: SendableMetatype {
  /// The era's entry in the catalogue: name, executable, own modes and options.
  static var info: EraInfo { get }
  /// One line for `--help`.
  static var summary: String { get }
  /// Three to five lines printed before a text run: what to watch for.
  static var banner: [String] { get }
  /// Runs every rider to the end (or until `simulation.stop` is pulled).
  static func simulate(_ simulation: Simulation) async -> RunOutcome
  /// Plays the replay stage: each of its riders makes one visit to its one station.
  /// - Returns: the station's counts at the end.
  static func replay(_ stage: ReplayStage) async -> StationCounts
  /// Plays the transfer stage: each van makes one transfer (`Stories/Transfer.swift`).
  /// - Returns: the stations' counts at the end, in the stage's order.
  static func transfer(_ stage: TransferStage) async -> [StationCounts]
  /// Plays the cancel stage: riders go for one bike while X calls off
  /// rider A, in the era's own way to call work off (`Stories/Cancel.swift`).
  /// - Returns: the stations' counts at the end, in the stage's order.
  static func cancel(_ stage: CancelStage) async -> [StationCounts]
  /// Plays the order stage: the app asks for each rider's request in turn,
  /// and the requests travel to Rossio the era's way: as independent work
  /// (racy) or through the era's tool for order (safe) (`Stories/Order.swift`).
  /// - Returns: the station's counts at the end.
  static func order(_ stage: OrderStage) async -> [StationCounts]
  /// Plays the wait stage: riders wait in a line at empty Rossio for the
  /// bikes van V docks, in the era's own way to wait for a condition:
  /// looking and joining the line as two steps (racy) or one (safe)
  /// (`Stories/Wait.swift`).
  /// - Returns: the station's counts at the end.
  static func wait(_ stage: WaitStage) async -> [StationCounts]
  /// `explore --scheduler jobs`: the code shapes to explore job by job
  /// (an era whose stage runs on Swift's runtime; the others have none),
  /// for the stage's options (`--callers`).
  static func jobShapes(for options: StageOptions) -> [JobShape]
  /// What `bikes-bench` times in this era (`bench-ops`): its station
  /// operations in every mode, and its bare primitive.
  static var benchCases: [BenchCase] { get }
  /// The era's floor (`bench-floor`): `riders` riders that only wait out
  /// `legs` legs of `leg` each, in the era's own way of waiting and with the
  /// structure of concurrency a run gives them (the same queues, operations,
  /// threads under the same cap, futures or tasks), and nothing else: no
  /// station, dice, audit or log. Returns once every rider is done.
  /// - Parameter threadCap: `--thread-cap`, for an era that takes it (nil: its default).
  /// - Parameter visits: the second floor: each rider also makes a visit
  ///   before each leg and after the last, each `visitPrimitive` and
  ///   nothing more (nil: the floor of waiting alone).
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?) async
  /// The second floor's visit: the era's bare primitive, as many times as
  /// its safe visit needs it.
  static var visitPrimitive: VisitPrimitive { get }
  /// The most threads the floor's riders may have at once unless
  /// `--thread-cap` says otherwise (nil: the era's riders hold no thread).
  static var floorThreadCap: Int? { get }
  /// `hazards`: the era's own ways to stop making progress, each with its fix.
  static var hazards: [Hazard] { get }
  /// `starts`: the ways its idiom starts two pieces of work one after the
  /// other, each with what the documents promise about their order.
  static var starts: [StartWay] { get }
}

extension Era {
  public static var floorThreadCap: Int? { nil }

  /// Short name used in reports: `actors`, `callbacks`, ...
  public static var name: String { info.name }
  /// The executable: `bikes-actors`.
  public static var executable: String { info.executable }

  /// A run that reports through a completion handler (callbacks,
  /// operations), awaited by the async command line: the continuation
  /// bridge, resumed exactly once.
  public static func awaiting(
    _ start: (@escaping @Sendable (RunOutcome) -> Void) -> Void
  ) async -> RunOutcome {
    await withCheckedContinuation { continuation in
      start { outcome in continuation.resume(returning: outcome) }
    }
  }

  public static var summary: String { info.summary }

  public static var banner: [String] { info.banner }

  public static func jobShapes(for options: StageOptions) -> [JobShape] { [] }

  public static var benchCases: [BenchCase] { [] }

  public static var hazards: [Hazard] { [] }

  public static var starts: [StartWay] { [] }
}
