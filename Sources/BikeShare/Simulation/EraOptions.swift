/// `bikes-actors --fix`: how its safe riders make check and act one unit.
public enum ActorsFix: String, Sendable, CaseIterable, Codable {
  /// One synchronous actor method, `takeBike()`: the station's own transaction.
  case method
  /// The rider's own check and act in a function with an `isolated Station`
  /// parameter: the caller's transaction, run on the station.
  case isolated
  /// The station charges the rider (an `await` inside its method), having
  /// taken the bike first: state changed before the suspension.
  case reserve
}

extension Option {
  /// `bikes-actors` only.
  public static let fix = choice(
    "--fix", \.fix,
    "how safe riders check and act as one unit:",
    "method: one actor method (default); isolated: the",
    "rider's code with an isolated Station parameter;",
    "reserve: pay inside the station, bike taken first")
}

/// `bikes-actors --callers`: where the riders' own code runs, as each of
/// Swift 6.2's settings compiles the original, unannotated rider. None of
/// them is a fix: the station's design is (`--mode safe`).
public enum ActorsCallers: String, Sendable, CaseIterable, Codable {
  /// A nonisolated rider on the global concurrent executor: Swift 6's
  /// default, and what this package has always run.
  case nonisolated
  /// The rider's code isolated to the main actor, as
  /// `-default-isolation MainActor` (SE-0466) makes every unannotated
  /// declaration of a module.
  case mainActor = "main-actor"
  /// Main-actor riders whose check and act is a `@concurrent` function
  /// (SE-0461): the 6.2 way to leave the caller's actor.
  case concurrent
}

extension ActorsCallers {
  /// Where the riders checked and acted, for a header: nil for the default.
  /// - Parameter explored: the jobs explorer's stand-in for the main actor.
  public func setting(explored: Bool = false) -> String? {
    let main = explored ? "a global actor standing in for the main actor" : "the main actor"
    return switch self {
    case .nonisolated: nil
    case .mainActor: "The riders check and act on \(main)."
    case .concurrent: "The riders run on \(main); their check and act is @concurrent."
    }
  }
}

extension Option {
  /// `bikes-actors` only.
  public static let callers = choice(
    "--callers", \.callers,
    "where riders check and act (none is a fix):",
    "nonisolated (default): the global executor;",
    "main-actor: on the main actor, as Swift 6.2's",
    "-default-isolation MainActor compiles it;",
    "concurrent: the main actor calls a @concurrent",
    "check and act")
}

/// `bikes-futures --exclusive`: how its safe riders make check and act one unit.
public enum FuturesExclusive: String, Sendable, CaseIterable, Codable {
  /// The rider's own two futures, wrapped in a future with a mutually
  /// exclusive condition per station: the era's own idiom.
  case condition
  /// One future that checks and acts on the station's queue.
  case station
}

extension Option {
  /// `bikes-futures` only.
  public static let exclusive = choice(
    "--exclusive", \.exclusive,
    "how safe riders check and act as one unit:",
    "condition: the rider's two futures inside one with",
    "a mutually exclusive condition per station",
    "(default); station: one future checks and acts")
}

/// `bikes-dispatch --lock`: how its stations protect their counters.
public enum LockKind: String, Sendable, CaseIterable, Codable {
  case mutex
  case nslock
  case serialQueue = "serial-queue"
  case barrier
  case atomic
}

extension Option {
  /// `bikes-dispatch` only.
  public static let lock = choice(
    "--lock", \.lock, "how safe (and racy) stations lock (default mutex)")

  /// `bikes-dispatch` only: what the cap on riders' threads buys and costs.
  public static let threadCap = number(
    "--thread-cap", 1...10_000, "a run's riders' threads alive at most (default 256)",
    passedOn: false, inStages: false
  ) { $0.threadCap = $1 }
}
