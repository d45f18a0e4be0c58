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
}
