// What: operations added in order and waited for, inside an `async` function.
// Caught by: `noasync` availability on Foundation's `addOperations(_:waitUntilFinished:)` (SE-0340).
// Verdict: error: instance method 'addOperations' is unavailable from asynchronous contexts; Use addBarrierBlock or a dependent Operation instead
import Foundation

func sendInTurn(_ requests: [Operation], on queue: OperationQueue) async {
  queue.addOperations(requests, waitUntilFinished: true)
}
