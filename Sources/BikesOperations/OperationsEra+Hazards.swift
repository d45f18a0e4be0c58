import BikeShare
import Foundation

/// `bikes-operations hazards`: the ways operations stop.
extension OperationsEra {
  static let hazards = [dependencyCycle, waitInsideQueue, cancelWhileTaking]

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
  static let cancelWhileTaking = Hazard(.cancelWhileTaking, .blocking(callOff))

  /// The take runs; the app cancels it then (the order is forced); the ride waits for the take.
  private static func callOff(reading: Bool, watch: HazardWatch) -> HazardFinish {
    let bikes = Locked(1)
    let rode = Locked(false)
    let (running, cancelled) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let take = TripStep("take a bike at Rossio") { step in
      running.signal()
      cancelled.wait()  // the app's cancel() comes now, while the take runs
      if reading, step.isCancelled { return }
      bikes.withLock { $0 -= 1 }
    }
    let ride = TripStep("ride to Chiado") { step in
      if reading, step.dependencies.contains(where: \.isCancelled) { return }
      rode.withLock { $0 = true }
    }
    ride.addDependency(take)
    let queue = OperationQueue()
    queue.addOperations([take, ride], waitUntilFinished: false)
    running.wait()
    take.cancel()
    cancelled.signal()
    watch.waiting("queue", "the take and the ride have not finished")
    queue.waitUntilAllOperationsAreFinished()
    watch.progress()
    let (left, away) = (bikes.withLock { $0 }, rode.withLock { $0 })
    // Short: the liveness table prints it in a column.
    return HazardFinish(
      left == 0
        ? "took the bike after cancel()" + (away ? "; rode off" : "")
        : "saw cancel(): no take" + (away ? "" : ", no ride"),
      showed: reading ? left == 1 && !away : left == 0 && away)
  }
}
