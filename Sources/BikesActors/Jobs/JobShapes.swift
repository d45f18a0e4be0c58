import BikeShare
import Synchronization

/// The code shapes `bikes-actors explore --scheduler jobs` runs, job by job,
/// with no probe: the era's own rider and station code in each of its modes,
/// and one shape that only differs from the original by a yield.
///
/// `--callers` moves the riders' check and act as in a run. The main actor's
/// executor is the main queue, which the explorer cannot order, so a global
/// actor whose executor is the explorer's stands in for it.
extension ActorsEra {
  static func jobShapes(for options: StageOptions) -> [JobShape] {
    if options.story == .order { return orderShapes() }
    let callers = options.configuration.callers
    func rider(_ mode: Mode, _ fix: ActorsFix = .method, logged: Bool = false)
      -> @Sendable (Station) -> Rider
    {
      { station in
        let log = logged ? EventLog(.memory) : .none
        return Rider(
          mode: mode, fix: fix, callers: callers, home: .explored,
          stations: [station], payments: Payments(), probe: .waiting(.zero, log: log), log: log)
      }
    }
    let yield = shape("await Task.yield() between check and act", isFix: false) {
      station, want in
      if await station.has(want) {
        await Task.yield()
        return await station.act(want)
      }
      return nil
    }
    return [
      riders("the original one-liner (racy, window 0)", isFix: false, rider(.racy)),
      riders(
        "one synchronous call between (racy with --log)", isFix: false,
        rider(.racy, logged: true)),
    ]
      // Written here, it runs where a nonisolated task runs, whatever the callers.
      + (callers == .nonisolated ? [yield] : [])
      + [
        riders("reentrant: a payment awaited inside the station", isFix: false, rider(.reentrant)),
        riders("safe: one actor method", isFix: true, rider(.safe)),
        riders("safe: an isolated parameter", isFix: true, rider(.safe, .isolated)),
        riders("safe: reserve, then pay", isFix: true, rider(.safe, .reserve)),
      ]
  }

  /// A shape made of the era's own `Rider.visit`.
  private static func riders(
    _ name: String, isFix: Bool, _ rider: @escaping @Sendable (Station) -> Rider
  ) -> JobShape {
    let visit: @Sendable (Rider, Station, Want, Int) async -> StationCounts? = {
      rider, _, want, index in
      await rider.visit(0, wanting: want, as: index)
        ? StationCounts(freeBikes: 0, emptySlots: 0) : nil
    }
    return JobShape(name, isFix: isFix) { executor, options in
      start(executor, options) { station in
        let made = rider(station)
        return { want, index in await visit(made, station, want, index) }
      }
    }
  }

  /// A shape written here, as one function a rider task calls.
  private static func shape(
    _ name: String, isFix: Bool,
    body: @escaping @Sendable (Station, Want) async -> StationCounts?
  ) -> JobShape {
    JobShape(name, isFix: isFix) { executor, options in
      start(executor, options) { station in { want, _ in await body(station, want) } }
    }
  }

  /// Starts one task per rider on the controlled executor; the result reads
  /// the audit once every job has run. An actor's methods lose no update, so
  /// the end counts follow from the riders that were served.
  private static func start(
    _ executor: ControlledExecutor, _ options: StageOptions,
    visit: (Station) -> @Sendable (Want, Int) async -> StationCounts?
  ) -> @Sendable () -> StageResult {
    let record = options.story.station
    let audit = StationAudit(record)
    let station = Station(record, audit: audit)
    let served = Served()
    let want = (options.story.plot as? OneStationPlot)?.want ?? .emptySlot
    let go = visit(station)
    for index in options.riderIndices {
      Task(executorPreference: executor) {
        if await go(want, index) != nil { served.count.add(1, ordering: .relaxed) }
      }
    }
    return {
      let count = served.count.load(ordering: .relaxed)
      let change = want == .emptySlot ? count : -count
      return StageResult(
        end: StationCounts(
          freeBikes: record.freeBikes + change, emptySlots: record.emptySlots - change),
        lowest: audit.lowest, highest: audit.highest, served: count)
    }
  }
}

/// How many riders got what they wanted.
private final class Served: Sendable {
  let count = Atomic<Int>(0)
}

/// Code isolated to a global actor, as app code on `@MainActor` is, whose
/// executor is the explorer's: the task must come back here between the
/// check and the act.
@globalActor actor ExploredGlobalActor {
  static let shared = ExploredGlobalActor()
  nonisolated var unownedExecutor: UnownedSerialExecutor {
    ControlledExecutor.lane.asUnownedSerialExecutor()
  }
}

/// `Home.explored`: as `checkAndActOnMainActor`, on the stand-in.
@ExploredGlobalActor func checkAndActOnExploredActor(
  _ rider: Rider, _ index: Int, _ want: Want, as number: Int
) async -> StationCounts? {
  await rider.checkAndActOnCaller(index, want, as: number)
}

extension Station {
  /// The check of the racy one-liner, for either story.
  fileprivate func has(_ want: Want) -> Bool {
    (want == .bike ? freeBikes : emptySlots) > 0
  }

  /// The act of the racy one-liner, for either story.
  fileprivate func act(_ want: Want) -> StationCounts {
    want == .bike ? removeBike() : addBike()
  }
}
