import Foundation

/// An executor that runs nothing by itself: every job enqueued on it waits
/// until the explorer picks it. Tasks started with it as their preferred
/// executor (SE-0417), and the default actors they call, enqueue their jobs
/// here, so the explorer decides the order of the runtime's own jobs.
public final class ControlledExecutor: TaskExecutor, SerialExecutor, Sendable {
  /// Jobs waiting to be picked, each with the executor it was enqueued on.
  private let pending: Locked<[(job: UnownedJob, on: UnownedSerialExecutor)]>
  private let owner: ControlledExecutor?

  private init(owner: ControlledExecutor?) {
    self.owner = owner
    pending = Locked([])
  }

  public static let shared = ControlledExecutor(owner: nil)

  /// An executor of its own (for a global actor) whose jobs wait in the
  /// shared list: a hop to it is a real hop, and the explorer orders it.
  public static let lane = ControlledExecutor(owner: shared)

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let root = owner ?? self
    let serial = asUnownedSerialExecutor()
    root.pending.withLock { $0.append((job, serial)) }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Runs jobs one at a time until none is left; `choose` picks one of the
  /// pending jobs (by their place in enqueue order) each time.
  /// - Returns: how many jobs were pending at each choice.
  func drain(_ choose: (_ step: Int, _ pending: Int) -> Int) -> [Int] {
    var counts: [Int] = []
    while true {
      let count = pending.withLock { $0.count }
      if count == 0 { return counts }
      let index = min(max(choose(counts.count, count), 0), count - 1)
      counts.append(count)
      let next = pending.withLock { $0.remove(at: index) }
      next.job.runSynchronously(isolatedTo: next.on, taskExecutor: asUnownedTaskExecutor())
    }
  }
}

/// A shape of code the jobs explorer runs: it starts its riders' tasks on
/// the controlled executor and, once every job has run, says how it ended.
public struct JobShape: Sendable {
  public let name: String
  /// A fix: a forbidden schedule would be a bug.
  public let isFix: Bool
  public let start: @Sendable (ControlledExecutor, StageOptions) -> @Sendable () -> StageResult

  public init(
    _ name: String, isFix: Bool,
    start: @escaping @Sendable (ControlledExecutor, StageOptions) -> @Sendable () -> StageResult
  ) {
    self.name = name
    self.isFix = isFix
    self.start = start
  }
}

/// `bikes-actors explore --scheduler jobs`: no probe at all; every order of
/// the runtime's jobs, depth first, as the gate explorer walks schedules.
public enum JobsExplorer {
  public struct Row: Sendable {
    public let shape: JobShape
    public let schedules: Int
    public let forbidden: Int
    /// The schedule cap was reached: the count is a lower bound.
    public let capped: Bool
    public let seconds: Double
  }

  private static let exclusive = Locked<Void>(())

  /// At most this many job orders per shape (reported when reached).
  public static let cap = 20_000

  /// Which build is explored: the optimiser decides which hops exist.
  public static var build: String {
    #if DEBUG
      "debug build"
    #else
      "release build"
    #endif
  }

  public static func explore(_ shape: JobShape, options: StageOptions, stop: StopSwitch) async
    -> Row
  {
    await withCheckedContinuation { continuation in
      // The driver blocks while jobs run on it: a thread of its own, never
      // one of the cooperative pool's.
      Thread {
        // One executor for the whole process (a global actor names it), so
        // one exploration at a time.
        let row = exclusive.withLock { _ in walk(shape, options: options, stop: stop) }
        continuation.resume(returning: row)
      }.start()
    }
  }

  private static func walk(_ shape: JobShape, options: StageOptions, stop: StopSwitch) -> Row {
    let clock = ContinuousClock()
    let started = clock.now
    let executor = ControlledExecutor.shared
    var schedules = 0
    var forbidden = 0
    var capped = false
    func visit(_ prefix: [Int]) {
      if stop.isStopped || schedules >= cap {
        capped = capped || schedules >= cap
        return
      }
      let finish = shape.start(executor, options)
      var chosen: [Int] = []
      let counts = executor.drain { step, _ in
        let choice = step < prefix.count ? prefix[step] : 0
        chosen.append(choice)
        return choice
      }
      schedules += 1
      if finish().isForbidden(options.story) { forbidden += 1 }
      for depth in prefix.count..<counts.count {
        for other in 0..<counts[depth] where other != chosen[depth] {
          visit(Array(chosen[..<depth]) + [other])
        }
      }
    }
    visit([])
    return Row(
      shape: shape, schedules: schedules, forbidden: forbidden, capped: capped,
      seconds: started.duration(to: clock.now).seconds)
  }

  public static func text(_ rows: [Row], options: StageOptions, executable: String) -> String {
    var lines = [
      "\(executable) explore --scheduler jobs --story \(options.story.rawValue)"
        + " --riders \(options.riders)" + EraInfo.flags(of: executable, options.configuration),
      options.story.setting(riders: options.riders)
        + " No probe: every order of the runtime's jobs (\(build))."
        + (options.configuration.callers.setting(explored: true).map { " " + $0 } ?? ""),
      "  schedules  forbidden  shape",
    ]
    for row in rows {
      let count = String(row.schedules) + (row.capped ? "+" : "")
      let bad = String(row.forbidden)
      lines.append(
        String(repeating: " ", count: max(0, 11 - count.count)) + count
          + String(repeating: " ", count: max(0, 11 - bad.count)) + bad + "  " + row.shape.name
          + (row.shape.isFix && row.forbidden > 0 ? "  FIX BROKEN" : ""))
    }
    let total = rows.map(\.seconds).reduce(0, +)
    lines.append(
      "explored \(rows.map(\.schedules).reduce(0, +)) job orders in \(RunReport.seconds(total))"
        + (rows.contains(where: \.capped) ? " (+: stopped at \(cap) per shape)" : ""))
    return lines.joined(separator: "\n")
  }

  public static func json(_ rows: [Row], options: StageOptions, era: String) -> String {
    let shapes: [[String: Any]] = rows.map {
      [
        "shape": $0.shape.name, "fix": $0.shape.isFix, "schedules": $0.schedules,
        "forbidden": $0.forbidden, "capped": $0.capped,
        "seconds": ($0.seconds * 1000).rounded() / 1000,
      ]
    }
    let object: [String: Any] = [
      "era": era, "scheduler": "jobs", "story": options.story.rawValue, "build": build,
      "riders": options.riders, "shapes": shapes,
    ]
    return Stage.jsonLine(object.withCallers(options))
  }
}
