import BikeShare
import Synchronization

/// The code shapes `bikes-actors explore --scheduler jobs` runs, job by job,
/// with no probe: the era's own rider and station code in each of its modes,
/// and two shapes that only differ from the original by where they run.
extension ActorsEra {
  static var jobShapes: [JobShape] {
    [
      riders("the original one-liner (racy, window 0)", isFix: false) { station, options in
        Rider(
          mode: .racy, fix: .method, stations: [station], payments: Payments(),
          probe: .waiting(.zero), log: .none)
      },
      riders("one synchronous call between (racy with --log)", isFix: false) { station, _ in
        let log = EventLog(.memory)
        return Rider(
          mode: .racy, fix: .method, stations: [station], payments: Payments(),
          probe: .waiting(.zero, log: log), log: log)
      },
      shape("await Task.yield() between check and act", isFix: false) { station, want in
        if await station.has(want) {
          await Task.yield()
          return await station.act(want)
        }
        return nil
      },
      shape("the one-liner, called from a global actor", isFix: false) { station, want in
        await oneLinerOnAGlobalActor(station, want)
      },
      riders("reentrant: a payment awaited inside the station", isFix: false) { station, _ in
        Rider(
          mode: .reentrant, fix: .method, stations: [station], payments: Payments(),
          probe: .waiting(.zero), log: .none)
      },
      riders("safe: one actor method", isFix: true) { station, _ in
        Rider(
          mode: .safe, fix: .method, stations: [station], payments: Payments(),
          probe: .waiting(.zero), log: .none)
      },
      riders("safe: an isolated parameter", isFix: true) { station, _ in
        Rider(
          mode: .safe, fix: .isolated, stations: [station], payments: Payments(),
          probe: .waiting(.zero), log: .none)
      },
      riders("safe: reserve, then pay", isFix: true) { station, _ in
        Rider(
          mode: .safe, fix: .reserve, stations: [station], payments: Payments(),
          probe: .waiting(.zero), log: .none)
      },
    ]
  }

  /// A shape made of the era's own `Rider.visit`.
  private static func riders(
    _ name: String, isFix: Bool,
    rider: @escaping @Sendable (Station, StageOptions) -> Rider
  ) -> JobShape {
    let visit: @Sendable (Rider, Station, Want, Int) async -> StationCounts? = {
      rider, _, want, index in
      await rider.visit(0, wanting: want, as: index)
        ? StationCounts(freeBikes: 0, emptySlots: 0) : nil
    }
    return JobShape(name, isFix: isFix) { executor, options in
      start(executor, options) { station in
        let made = rider(station, options)
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
    let want = options.story.want
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

@ExploredGlobalActor
private func oneLinerOnAGlobalActor(_ station: Station, _ want: Want) async -> StationCounts? {
  if await station.has(want) { return await station.act(want) }
  return nil
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
