import BikeShare
import Foundation

/// `bikes-operations hazards`: the ways operations stop.
extension OperationsEra {
  static let hazards = [dependencyCycle, waitInsideQueue, cancelWhileTaking, waitInOperation]

  /// Two operations that depend on each other: neither is ever ready, and
  /// the queue keeps them for ever without a word.
  static let dependencyCycle = Hazard(
    name: "dependency-cycle",
    what: "take depends on leave, and leave on take: neither operation ever starts",
    rule:
      "dependencies form a chain (check → take → leave), never a ring; nothing checks it for you",
    broken: "take ⇄ leave", expect: .noProgress,
    fix: "check → take → leave", .blocking { fixed, watch in transfer(cycle: !fixed, watch: watch) }
  )

  /// One bike from Rossio to Chiado as three operations; `cycle` adds the
  /// dependency that closes the ring.
  private static func transfer(cycle: Bool, watch: HazardWatch) -> HazardFinish {
    let queue = OperationQueue()
    let steps = ["check Rossio", "take a bike at Rossio", "leave it at Chiado"].map { name in
      let step = BlockOperation { watch.progress() }
      step.name = name
      return step
    }
    steps[1].addDependency(steps[0])
    steps[2].addDependency(steps[1])
    if cycle { steps[1].addDependency(steps[2]) }
    watch.watch { waiting(steps, queue: queue) }
    queue.addOperations(steps, waitUntilFinished: true)
    return HazardFinish("\(steps.count) operations finished, in order")
  }

  /// Each operation not finished, and what it waits for.
  private static func waiting(_ operations: [Operation], queue: OperationQueue) -> [String] {
    let open = operations.filter { !$0.isFinished }
    return open.map { operation in
      let before = operation.dependencies.filter { !$0.isFinished }.map { "'\($0.name ?? "?")'" }
      return "'\(operation.name ?? "?")' \(operation.isExecuting ? "runs" : "has not started")"
        + (before.isEmpty ? "" : ": it waits for " + before.joined(separator: ", "))
    } + ["the queue holds \(queue.operationCount) operations, none ready, and raises nothing"]
  }

  static let width = 2

  /// Riders' operations wait inside the queue for legs that need the same
  /// queue: every slot is taken by a waiter.
  static let waitInsideQueue = Hazard(
    name: "wait-inside-queue",
    what: "a rider's operation waitUntilFinished()s for a leg on its own queue, \(width) wide",
    rule: "never wait inside an operation: make the next step depend on the one it needs",
    broken: "\(width) riders wait for their legs", expect: .noProgress,
    fix: "the next step depends on the leg",
    .blocking { fixed, watch in ride(waiting: !fixed, watch: watch) })

  /// `width` riders, each a first step that needs a leg then a last step.
  private static func ride(waiting: Bool, watch: HazardWatch) -> HazardFinish {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = width
    let legs = Locked<[Operation]>([])
    var riders: [Operation] = []
    for rider in 1...width {
      let leg = BlockOperation { watch.progress() }
      leg.name = "rider \(rider)'s leg"
      legs.withLock { $0.append(leg) }
      let arrive = BlockOperation { watch.progress() }
      arrive.name = "rider \(rider) arrives"
      if waiting {
        let start = BlockOperation {
          queue.addOperation(leg)
          leg.waitUntilFinished()  // the bug: it holds a slot of the queue the leg needs
          queue.addOperation(arrive)
        }
        start.name = "rider \(rider) sets off"
        riders.append(start)
      } else {
        arrive.addDependency(leg)
        riders += [leg, arrive]
      }
    }
    let starts = riders
    watch.watch {
      let blocked = starts.filter(\.isExecuting).count
      let queued = legs.withLock { $0 }.filter { !$0.isExecuting && !$0.isFinished }.count
      return [
        "\(blocked) riders' operations hold \(blocked) of the queue's \(width) slots in"
          + " waitUntilFinished(); the \(queued) legs they wait for are queued, not started"
      ]
    }
    queue.addOperations(riders, waitUntilFinished: false)
    queue.waitUntilAllOperationsAreFinished()
    return HazardFinish("\(width) riders arrived")
  }
}

extension OperationsEra {
  /// The fix must hold whenever the call-off lands, and whatever it
  /// cancels: before the take looks, after it has looked and taken the bike,
  /// and then with the whole trip cancelled, as the era's call-off does (the
  /// cancel story's X cancels every operation of A's trip).
  static let cancelWhileTaking = Hazard(
    .cancelWhileTaking,
    .atEveryMoment(
      [CallOffMoment.whileTaking, .afterTheTake, .tripAfterTheTake], fixed: Self.everyMoment,
      callOff))

  private static func everyMoment(_ details: [String]) -> String {
    let after = details[1] == details[2] ? details[1] : details[1] + " / " + details[2]
    return "no take; after the take, the take or the trip cancelled: " + after
  }

  /// When the app's `cancel()` lands in `cancel-while-taking`, and on what.
  enum CallOffMoment: Sendable {
    /// On the take, while it runs, before it looks.
    case whileTaking
    /// On the take, after it has looked and taken the bike, before it finishes.
    case afterTheTake
    /// On the take and the ride (the whole trip), at the same moment.
    case tripAfterTheTake
  }

  /// The take runs; the app cancels it (or the whole trip) at `moment` (the
  /// order is forced); the ride waits for the take. Broken: the take never
  /// looks, and the ride rides. Fixed: each step looks once and acts on what
  /// it saw; the ride rides only a bike the take took and no call-off
  /// stopped, and whoever is left holding the bike gives it back in the
  /// trip's last step, which the app never cancels: a cancelled operation
  /// never runs its `main()`, so a give-back in the ride would be skipped
  /// when the whole trip is called off.
  static func callOff(fixed: Bool, moment: CallOffMoment, watch: HazardWatch) -> HazardFinish {
    let bikes = Locked(1)
    let rode = Locked(false)
    let took = Locked(false)
    let (running, cancelled) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let take = TripStep("take a bike at Rossio") { step in
      if moment == .whileTaking {
        running.signal()
        cancelled.wait()  // the app's cancel() comes now, while the take runs
      }
      if fixed, step.isCancelled { return }
      bikes.withLock { $0 -= 1 }
      took.withLock { $0 = true }
      if moment != .whileTaking {
        running.signal()
        cancelled.wait()  // the app's cancel() comes now: the take has looked, and acted
      }
    }
    let ride = TripStep("ride to Chiado") { step in
      guard fixed else { return rode.withLock { $0 = true } }
      // One look at what the take did, and at the call-off, once the take
      // has finished.
      guard took.withLock({ $0 }), !take.isCancelled, !step.isCancelled else { return }
      rode.withLock { $0 = true }
    }
    ride.addDependency(take)
    // The trip's last step: not one of the trip's operations, so no
    // call-off cancels it; it runs however the trip ended.
    let settle = BlockOperation {
      if took.withLock({ $0 }), !rode.withLock({ $0 }) { bikes.withLock { $0 += 1 } }
    }
    settle.addDependency(take)
    settle.addDependency(ride)
    let queue = OperationQueue()
    queue.addOperations([take, ride] + (fixed ? [settle] : []), waitUntilFinished: false)
    running.wait()
    take.cancel()
    if moment == .tripAfterTheTake { ride.cancel() }
    cancelled.signal()
    watch.waiting("queue", "the take and the ride have not finished")
    queue.waitUntilAllOperationsAreFinished()
    watch.progress()
    let (left, away) = (bikes.withLock { $0 }, rode.withLock { $0 })
    // Short: the liveness table prints it in a column.
    let detail =
      switch (left, away) {
      case (0, true): "took the bike after cancel(); rode off"
      case (0, false): "took the bike; no ride: stranded"
      case (_, false) where took.withLock({ $0 }): "the last step gave the bike back"
      default: "saw cancel(): no take, no ride"
      }
    let stranded = left == 0 && !away
    return HazardFinish(
      detail, showed: fixed ? !stranded && (left == 1) == !away : left == 0 && away)
  }
}
