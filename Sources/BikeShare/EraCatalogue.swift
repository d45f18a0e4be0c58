/// One era as every executable knows it: the eras themselves, and
/// `bikes-side-by-side`, which runs them and cannot link them.
public struct EraInfo: Sendable {
  /// The name in reports (`callbacks`).
  public let name: String
  /// The era's title in the chapters.
  public let title: String
  /// Modes only this era has (declared here, named in no other era's folder).
  public let ownModes: [OwnMode]
  /// Options only this era has, shown in `--help` after `--mode`.
  public let ownOptions: [Option]

  public init(name: String, title: String, ownModes: [OwnMode] = [], ownOptions: [Option] = []) {
    self.name = name
    self.title = title
    self.ownModes = ownModes
    self.ownOptions = ownOptions
  }

  public var executable: String { "bikes-\(name)" }

  /// Every mode `--mode` accepts, the shared ones first.
  public var modes: [Mode] { Mode.both + ownModes.map(\.mode) }

  /// The command line's options in `--help` order: `--mode`, the era's own, the shared ones.
  public var options: [Option] { [.mode(ownModes)] + ownOptions + Option.shared }

  public func takes(_ option: Option) -> Bool { ownOptions.contains { $0.name == option.name } }

  /// The eras, oldest first: the order of the chapters and the side-by-side table.
  public static let all: [EraInfo] = [callbacks, operations, dispatch, actors]

  public static func named(_ name: String) -> EraInfo? { all.first { $0.name == name } }

  public static let callbacks = EraInfo(name: "callbacks", title: "completion handlers")

  public static let operations = EraInfo(name: "operations", title: "OperationQueue")

  public static let dispatch = EraInfo(
    name: "dispatch", title: "DispatchQueue and locks",
    ownModes: [
      OwnMode(
        Mode(rawValue: "unsynchronized"), help: "no locks at all (a data race)",
        shown: "→ data race shown: unsynchronised counters lost updates or left 0...capacity.",
        clean: "→ no damage seen this time: a data race is still a bug (run Scripts/tsan.sh).")
    ],
    ownOptions: [.lock])

  public static let actors = EraInfo(name: "actors", title: "async/await and actors")
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
  public static let lock = Option(
    "--lock", LockKind.allCases.map(\.rawValue).joined(separator: "|"),
    "how safe (and racy) stations lock (default mutex)"
  ) { configuration, text throws(UsageError) in
    guard let lock = LockKind(rawValue: text) else {
      let kinds = LockKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("--lock expects one of \(kinds), got '\(text)'")
    }
    configuration.lock = lock
  }
}
