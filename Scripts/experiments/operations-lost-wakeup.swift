// swift-corelibs-foundation (Linux) can lose the wake-up of an operation
// queued while its last dependency finishes. `_addOperations` reads the
// operation's `isReady` (false), then caches it; a dependency that finishes
// between the read and the cache makes it ready, caches true and finds no
// queue to schedule it on (`_adopt(queue:)` comes next); the stale false
// then overwrites the cache. `_schedule()` later finds no unfinished
// dependency and sets the cache back to true (`retest`) without scheduling
// it, and nothing schedules it again: it never runs
// (`Sources/Foundation/Operation.swift`, tag `swift-6.3.1-RELEASE`).
//
// Here the window is held open: `End` overrides `isReady` and, the first
// time the queue reads it, lets its dependency finish before answering.
// With `control`, the dependency finishes before `End` is queued: it runs.
// Run by Scripts/corelibs-operations.sh; exit 1 means the wake-up was lost.
import Foundation

final class End: BlockOperation, @unchecked Sendable {
  // Set before the operation is queued, cleared by the one read it widens.
  nonisolated(unsafe) var firstRead: (() -> Void)?

  override var isReady: Bool {
    let ready = super.isReady
    if let widen = firstRead {
      firstRead = nil
      widen()
    }
    return ready
  }
}

let control = CommandLine.arguments.dropFirst().first == "control"
let dependencies = OperationQueue()
let ends = OperationQueue()
let go = DispatchSemaphore(value: 0)
let ran = DispatchSemaphore(value: 0)
let dependency = BlockOperation { go.wait() }
let end = End { ran.signal() }
end.addDependency(dependency)
dependencies.addOperation(dependency)
if control {
  go.signal()
  dependency.waitUntilFinished()
} else {
  end.firstRead = {
    go.signal()
    dependency.waitUntilFinished()  // it has finished and told `end`
  }
}
ends.addOperation(end)
if ran.wait(timeout: .now() + 2) == .timedOut {
  print("the end never ran: isReady \(end.isReady), isFinished \(end.isFinished) (wake-up lost)")
  exit(1)
}
print("the end ran")
