import BikeShare
import Foundation

/// The cancel story (`--story cancel`) in the era of operations: a rider's
/// trip is operations, and X calls rider A off with `Operation.cancel()` on
/// each of them. Cancelling is a flag: an operation already running goes on
/// until its `main()` reads `isCancelled`, and one not yet started never
/// runs its `main()` at all.
extension OperationsEra {
  /// An operation whose work can read its own `isCancelled`.
  /// (`@unchecked Sendable`: Foundation's promise for `Operation`, restated
  /// as every subclass must; `work` is a `let`.)
  final class TripStep: Operation, @unchecked Sendable {
    private let work: @Sendable (TripStep) -> Void

    init(_ name: String, _ work: @escaping @Sendable (TripStep) -> Void) {
      self.work = work
      super.init()
      self.name = name
    }

    override func main() { work(self) }
  }

  static func cancel(_ stage: CancelStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    let probe = stage.blockingProbe
    let queue = OperationQueue()
    queue.name = "cancel stage"
    let lanes = Lanes(queue, participants: stage.riders + [CancelStage.caller], probe: probe)
    let trips = stage.riders.map { steps(stage.trip($0), stations: stations, probe: probe) }
    let watchers = watchers(of: trips[CancelStage.target][0])
    // A step's completion block runs once the step has finished and told
    // its dependents (corelibs dispatches it after that walk).
    let walked = DispatchGroup()
    for step in trips.joined() {
      walked.enter()
      step.completionBlock = { walked.leave() }
    }
    let counts = await withCheckedContinuation { continuation in
      let end = EndOperation { continuation.resume(returning: stations.map(\.countsAfterRun)) }
      var graph: [(Operation, OperationQueue)] = []
      for (index, steps) in zip(stage.riders, trips) {
        // Runs once the trip's steps have finished, cancelled or not.
        let done = BlockOperation { probe.finished(rider: index) }
        for step in steps { done.addDependency(step) }
        end.addDependency(done)
        graph += (steps + [done]).map { ($0, lanes.queue(index)) }
      }
      let caller = BlockOperation {
        if probe.pass(stage.callOff) {
          for step in trips[CancelStage.target] { step.cancel() }
          stage.calledOff()
        }
        probe.finished(rider: CancelStage.caller)
      }
      end.addDependency(caller)
      // The whole graph queued while its queues are suspended: no operation
      // starts before all are queued, so none finishes while the end is
      // queued (see `EndOperation`).
      end.widenNextReadinessRead()
      for lane in lanes.all { lane.isSuspended = true }
      for (operation, lane) in graph + [(caller, lanes.queue(CancelStage.caller)), (end, queue)] {
        lane.addOperation(operation)
      }
      for lane in lanes.all { lane.isSuspended = false }
    }
    // A cancelled operation stops waiting for its dependencies, so X's
    // call-off can let A's ride finish while A's arrival, which it depends
    // on, still runs; then `done` and `end` may run too. corelibs keeps a
    // dependency's dependents unretained (`__downDependencies` in
    // `Operation.swift`, Swift 6.3.1) and walks them as it finishes: had
    // the trips been let go here, the arrival could reach a freed ride (a
    // crash: Scripts/experiments/operations-cancel-freed.swift). So they
    // are kept until every step has walked its dependents.
    await withCheckedContinuation { resume in
      walked.notify(queue: .global()) { resume.resume() }
    }
    withExtendedLifetime((trips, watchers)) {}
    return counts
  }

  /// Tests (`BIKES_OPERATIONS_WATCHERS=N`, read once): N operations, never queued, that
  /// depend on A's first step and live as long as the trips. They lengthen
  /// the walk corelibs makes over that step's dependents as it finishes, the
  /// window in which a called-off ride used to be freed under it.
  private static func watchers(of step: Operation) -> [Operation] {
    (0..<watcherCount).map { _ in
      let watcher = BlockOperation {}
      watcher.addDependency(step)
      return watcher
    }
  }

  private static let watcherCount =
    ProcessInfo.processInfo.environment["BIKES_OPERATIONS_WATCHERS"].flatMap { Int($0) }
    .map { min(max($0, 0), 10_000) } ?? 0

  /// Racy: two operations, the arrival and the ride, each reading its own
  /// flag; the ride stops with the bike. Safe: one operation for the whole
  /// trip, so no call-off can fall between the take and the ride, and it
  /// gives the bike back before it stops (`CancelTrip.go`).
  private static func steps(_ trip: CancelTrip, stations: [Station], probe: BlockingRaceProbe)
    -> [Operation]
  {
    let (rossio, chiado) = (stations[0], stations[1])
    let take: @Sendable () -> StationCounts? = { rossio.hold { rossio.takeBike() } }
    guard !trip.mode.isFix else {
      return [
        TripStep("trip") { step in
          trip.go(
            pass: probe.pass, calledOff: { step.isCancelled }, take: take,
            dock: { chiado.hold { chiado.leaveBike() } },
            giveBack: { rossio.hold { rossio.leaveBike() } })
        }
      ]
    }
    let hasBike = Locked(false)
    let arrive = TripStep("arrive") { step in
      guard probe.pass(trip.arrive) else { return }
      if step.isCancelled { return trip.stops(holdingBike: false) }
      if trip.took(take()) { hasBike.withLock { $0 = true } }
    }
    let ride = TripStep("ride") { step in
      guard hasBike.withLock({ $0 }), probe.pass(trip.ride) else { return }
      if step.isCancelled { return trip.stops(holdingBike: true) }
      trip.docked(chiado.hold { chiado.leaveBike() })
    }
    ride.addDependency(arrive)
    return [arrive, ride]
  }
}
