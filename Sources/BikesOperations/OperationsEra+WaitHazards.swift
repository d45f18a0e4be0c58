import BikeShare
import Foundation

/// `bikes-operations hazards wait-in-operation`: waiting for a condition
/// (the wait story, chapter 11) inside an operation, on the queue whose
/// slot the van's dock needs.
extension OperationsEra {
  static let waitInOperation = Hazard(
    name: "wait-in-operation",
    what: "\(width) riders' operations wait on an NSCondition for the van's bikes; one queue,"
      + " \(width) wide",
    rule: "never block a thread someone needs: wait in an operation the dock finishes",
    broken: "NSCondition.wait() inside the riders' operations", expect: .noProgress,
    fix: "each ride depends on a Wake the dock finishes",
    .blocking { fixed, watch in waitForBikes(fixed: fixed, watch: watch) })

  private static func waitForBikes(fixed: Bool, watch: HazardWatch) -> HazardFinish {
    let queue = OperationQueue()
    queue.name = "riders and van"
    queue.maxConcurrentOperationCount = width
    let rossio = NSCondition()
    // Swift 6 opt-out for the lesson: `free` and `line` are only touched
    // under `rossio`'s lock, which the compiler cannot see.
    nonisolated(unsafe) var free = 0
    nonisolated(unsafe) var line: [Wake] = []
    let rode = Locked(0)
    let dock = BlockOperation {
      rossio.lock()
      for _ in 0..<width {
        if line.isEmpty { free += 1 } else { line.removeFirst().finish(.handed) }
      }
      rossio.broadcast()
      rossio.unlock()
      watch.progress()
    }
    dock.name = "the van docks \(width) bikes"
    var riders: [Operation] = []
    // Where the riders' wakes wait, holding no slot of the van's queue.
    let waits = OperationQueue()
    for rider in 1...width {
      guard fixed else {
        riders.append(
          BlockOperation {
            rossio.lock()
            while free == 0 { rossio.wait() }  // the bug: it holds one of the queue's slots
            free -= 1
            rossio.unlock()
            rode.withLock { $0 += 1 }
          })
        continue
      }
      let wake = Wake(rider: rider)
      let ride = BlockOperation { rode.withLock { $0 += 1 } }
      ride.addDependency(wake)
      riders.append(ride)
      waits.addOperation(wake)
      rossio.lock()
      line.append(wake)
      rossio.unlock()
    }
    let waiting = riders
    watch.watch {
      let blocked = waiting.filter(\.isExecuting).count
      guard blocked > 0, !dock.isExecuting, !dock.isFinished else { return [] }
      return [
        "\(blocked) riders' operations hold \(blocked) of the queue's \(width) slots in"
          + " NSCondition.wait(); the van's dock is queued, not started"
      ]
    }
    queue.addOperations(riders, waitUntilFinished: false)
    queue.addOperation(dock)
    queue.waitUntilAllOperationsAreFinished()
    return HazardFinish("\(rode.withLock { $0 }) of \(width) riders rode")
  }
}
