// swift-corelibs-foundation (Linux) keeps an operation's dependents
// unretained (`__downDependencies` in `Sources/Foundation/Operation.swift`,
// tag `swift-6.3.1-RELEASE`), and `cancel()` lets a waiting dependent run at
// once without leaving its dependency's list. A cancelled dependent can so
// finish, be released by its queue and be freed while its dependency still
// runs; as the dependency finishes it walks its dependents and locks the
// freed one: a use after free (signal 11, in
// `Operation.observeValue(forKeyPath:ofObject:)`).
//
// Here it happens on purpose: the dependent is cancelled while its
// dependency runs, and the dependency finishes only once the dependent has
// been freed. With `control`, the dependent is kept until then: no crash.
// Run by Scripts/corelibs-operations.sh; a crash is what it shows.
import Foundation

/// Says when it is freed.
final class Dependent: Operation, @unchecked Sendable {
  let freed: DispatchSemaphore
  init(freed: DispatchSemaphore) { self.freed = freed }
  deinit { freed.signal() }
}

let control = CommandLine.arguments.dropFirst().first == "control"
let queue = OperationQueue()
let started = DispatchSemaphore(value: 0)
let finish = DispatchSemaphore(value: 0)
let freed = DispatchSemaphore(value: 0)
nonisolated(unsafe) var kept: Operation?
let dependency = BlockOperation {
  started.signal()
  finish.wait()
}
do {
  let dependent = Dependent(freed: freed)
  dependent.addDependency(dependency)
  queue.addOperations([dependency, dependent], waitUntilFinished: false)
  started.wait()
  dependent.cancel()  // it stops waiting for its dependency, runs and finishes
  if control { kept = dependent }
}
if control {
  while !(kept?.isFinished ?? true) { usleep(100) }
} else {
  freed.wait()  // its queue and everyone else have let go of it
}
usleep(1_000)  // its deinit has returned
finish.signal()  // the dependency finishes and walks its dependents
queue.waitUntilAllOperationsAreFinished()
kept = nil
print("the dependency finished without touching a freed dependent")
