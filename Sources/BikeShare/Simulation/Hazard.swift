import Foundation
import Synchronization

/// One of an era's own ways to stop making progress (`bikes-<era> hazards
/// NAME`): the code that stops, and the code that does not. Each case runs
/// in a child process of its own, watched by a watchdog on a thread of its
/// own, so a case that wedges every thread it can reach, or kills its
/// process, still ends and is reported.
public struct Hazard: Sendable {
  /// The name on the command line: `lock-order`.
  public let name: String
  /// One line: what the broken code does.
  public let what: String
  /// One line: the rule that prevents it (the handout's rule).
  public let rule: String
  /// The broken case first, the fix last; any between show more of the same.
  public let cases: [HazardCase]
  /// Lines printed under the table: what the platform adds, with sources.
  public let notes: [String]

  public init(
    name: String, what: String, rule: String, cases: [HazardCase], notes: [String] = []
  ) {
    precondition(cases.count >= 2, "a hazard shows its failure and its fix")
    self.name = name
    self.what = what
    self.rule = rule
    self.cases = cases
    self.notes = notes
  }
}

extension Hazard {
  /// The shape of most hazards: one piece of code, run broken (`fixed`
  /// false), then fixed; the fix must finish.
  public init(
    name: String, what: String, rule: String, broken: String, expect: HazardCase.Expect,
    fix: String, _ code: HazardCase.Fixable, notes: [String] = []
  ) {
    self.init(
      name: name, what: what, rule: rule,
      cases: [
        HazardCase(broken, expect: expect, code.body(fixed: false)),
        HazardCase("fix: " + fix, expect: .finish, code.body(fixed: true)),
      ], notes: notes)
  }
}

/// One case of a hazard: a label, what it should show, and the code.
public struct HazardCase: Sendable {
  /// What a case must end in to have shown what it is there for.
  public enum Expect: Sendable, Equatable {
    /// The watchdog stops it: nothing progressed for the bound.
    case noProgress
    /// It kills its process with this signal.
    case signal(Int32)
    /// It finishes (and its `HazardFinish.showed` holds).
    case finish
  }

  /// The code of a case: run on a thread of its own (the blocking eras) or
  /// as a detached task (code that awaits).
  public enum Body: Sendable {
    case blocking(@Sendable (HazardWatch) -> HazardFinish)
    case async(@Sendable (HazardWatch) async -> HazardFinish)
  }

  /// Code that runs broken (`fixed` false) or fixed (`Hazard`'s second
  /// initialiser makes a case of each).
  public enum Fixable: Sendable {
    case blocking(@Sendable (_ fixed: Bool, HazardWatch) -> HazardFinish)
    case async(@Sendable (_ fixed: Bool, HazardWatch) async -> HazardFinish)

    func body(fixed: Bool) -> Body {
      switch self {
      case .blocking(let code): .blocking { watch in code(fixed, watch) }
      case .async(let code): .async { watch in await code(fixed, watch) }
      }
    }

    /// A call-off trap's code (chapter 09): broken, the call-off at the
    /// first moment; fixed, at every moment it can land, the fix showing
    /// only where it held at each. A fix that reads a flag and then acts
    /// has a gap between the two; running it at each moment finds it.
    /// - Parameter summary: the fixed case's line, from each moment's own
    ///   (by default, theirs one after the other).
    public static func atEveryMoment<Moment: Sendable>(
      _ moments: [Moment],
      fixed summary: @escaping @Sendable ([String]) -> String = { $0.joined(separator: "; ") },
      _ code: @escaping @Sendable (_ fixed: Bool, Moment, HazardWatch) -> HazardFinish
    ) -> Fixable {
      .blocking { fixed, watch in
        guard fixed else { return code(false, moments[0], watch) }
        let finishes = moments.map { code(true, $0, watch) }
        return HazardFinish(
          summary(finishes.map(\.detail)), showed: finishes.allSatisfy(\.showed))
      }
    }

    /// `atEveryMoment` for code that awaits.
    public static func atEveryMoment<Moment: Sendable>(
      _ moments: [Moment],
      fixed summary: @escaping @Sendable ([String]) -> String = { $0.joined(separator: "; ") },
      _ code: @escaping @Sendable (_ fixed: Bool, Moment, HazardWatch) async -> HazardFinish
    ) -> Fixable {
      .async { fixed, watch in
        guard fixed else { return await code(false, moments[0], watch) }
        var finishes: [HazardFinish] = []
        for moment in moments { finishes.append(await code(true, moment, watch)) }
        return HazardFinish(
          summary(finishes.map(\.detail)), showed: finishes.allSatisfy(\.showed))
      }
    }
  }

  /// A few words for the table: `two locks, opposite orders`.
  public let label: String
  public let expect: Expect
  public let body: Body
  /// The longest wait of the case's own that is progress (a leg): the
  /// watchdog's bound grows by two of them, as a run's does by two legs.
  public let leg: Duration

  public init(_ label: String, expect: Expect, leg: Duration = .zero, _ body: Body) {
    self.label = label
    self.expect = expect
    self.leg = leg
    self.body = body
  }
}

extension HazardCase.Expect {
  /// Killed by a trap: Swift's `fatalError` and libdispatch's
  /// `__builtin_trap()` are `ud2` on x86-64 (SIGILL) and `brk` on arm64
  /// (SIGTRAP), on Linux and macOS alike.
  #if arch(x86_64)
    public static let trap = Self.signal(SIGILL)
  #else
    public static let trap = Self.signal(SIGTRAP)
  #endif
}

/// How a case that finished finished: what it did, and whether that is what
/// it was meant to show (a thread count above a bound, say).
public struct HazardFinish: Sendable {
  public let detail: String
  public let showed: Bool

  public init(_ detail: String, showed: Bool = true) {
    self.detail = detail
    self.showed = showed
  }
}

/// What a case's code tells its watchdog: each step of progress, and who
/// waits where (a line per waiter, replaced or removed as it moves on).
/// Progress is one relaxed atomic add; the lines take a lock, and are
/// written when something starts to wait, not on every step.
public final class HazardWatch: Sendable {
  private let steps = Atomic<Int>(0)
  private let lines = Locked<[String: String]>([:])
  /// Another source's progress, read at every tick of the watchdog.
  private let extraProgress = Locked<(@Sendable () -> Int)?>(nil)
  /// Another source's waiting lines, read once, when the watchdog fires.
  private let extraLines = Locked<(@Sendable () -> [String])?>(nil)

  public init() {}

  /// One more step done.
  public func progress() { steps.add(1, ordering: .relaxed) }

  /// What `who` waits for now; nil when it waits no more.
  public func waiting(_ who: String, _ line: String?) {
    lines.withLock { $0[who] = line }
  }

  /// Another source of waiting lines (the state of a queue, a pool, a
  /// run's registry), and of progress if it counts its own.
  public func watch(
    progress: (@Sendable () -> Int)? = nil, waiting: @escaping @Sendable () -> [String]
  ) {
    extraProgress.withLock { $0 = progress }
    extraLines.withLock { $0 = waiting }
  }

  /// Steps done, counting the other source's.
  public var value: Int {
    steps.load(ordering: .relaxed) + (extraProgress.withLock { $0 }?() ?? 0)
  }

  /// Who waits for what, in the order of the waiters' names.
  public var waitingLines: [String] {
    let own = lines.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value)
    return own + (extraLines.withLock { $0 }?() ?? [])
  }
}

extension Int {
  /// `1,000`: counts in hazards' tables read as in the chapters.
  public var grouped: String {
    let digits = String(magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return (self < 0 ? "-" : "") + out
  }
}

extension City {
  /// The city of the hazards that move bikes: the transfer story's two
  /// stations, with room for a few vans to come and go.
  public static let hazards = City(
    id: "hazards", name: "Two stations",
    stations: [
      StationRecord(id: "x-rossio", name: "Rossio", freeBikes: 3, emptySlots: 3),
      StationRecord(id: "y-chiado", name: "Chiado", freeBikes: 3, emptySlots: 3),
    ])
}

/// The process's threads, as the kernel counts them (Linux: `/proc/self/status`).
public enum ThreadCount {
  /// Threads now, or nil where the platform does not say.
  public static var now: Int? {
    #if os(Linux)
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
        return nil
      }
      for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
      }
      return nil
    #else
      return nil
    #endif
  }

  /// The most threads seen while `body` runs, sampled every millisecond on a
  /// thread of its own (nil where the platform does not say).
  public static func peak<T>(during body: () -> T) -> (T, peak: Int?) {
    let peak = Locked<Int?>(now)
    let running = Locked(true)
    let sampler = Thread {
      while running.withLock({ $0 }) {
        if let threads = now { peak.withLock { $0 = max($0 ?? 0, threads) } }
        Thread.sleep(forTimeInterval: 0.001)
      }
    }
    sampler.start()
    let value = body()
    running.withLock { $0 = false }
    return (value, peak.withLock { $0 })
  }
}
