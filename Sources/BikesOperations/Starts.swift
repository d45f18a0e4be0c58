import BikeShare
import Foundation

/// Start order in the era of operations (`bikes-operations starts`): two
/// operations added one after the other.
extension OperationsEra {
  /// "Determine the Execution Order", Apple's `OperationQueue` documentation.
  private static let queueSemantics =
    #""However, don't rely on queue semantics to ensure a specific execution order of"#
    + #" operations because changes in the readiness of an operation can change the resulting"#
    + #" execution order." (Apple, OperationQueue, "Determine the Execution Order")"#

  /// Both at once, as the code line says (`addOperations` waits or not; it
  /// is not for async code, which this table's runner is).
  private static func add(_ operations: [Operation], to queue: OperationQueue) {
    queue.addOperations(operations, waitUntilFinished: false)
  }

  static let starts: [StartWay] = [
    StartWay(
      "no dependency",
      code: "queue.addOperation { first() }; queue.addOperation { second() }",
      .notOrdered, source: queueSemantics,
      story: .racy
    ) { first, second in
      let queue = OperationQueue()
      queue.addOperation(first)
      queue.addOperation(second)
    },
    StartWay(
      "second.addDependency(first)",
      code: "let a = BlockOperation { first() }, b = BlockOperation { second() };"
        + " b.addDependency(a); queue.addOperations([a, b], waitUntilFinished: false)",
      .promised,
      source: #""Interoperation dependencies provide an absolute execution order for"#
        + #" operations, even if those operations are located in different operation queues."#
        + #" An operation object isn't ready to run until all of its dependent operations have"#
        + #" finished running." (Apple, OperationQueue, "Determine the Execution Order")"#,
      story: .safe
    ) { first, second in
      let queue = OperationQueue()
      let a = BlockOperation(block: first)
      let b = BlockOperation(block: second)
      b.addDependency(a)
      add([a, b], to: queue)
    },
    StartWay(
      "maxConcurrentOperationCount = 1",
      code: "queue.maxConcurrentOperationCount = 1;"
        + " queue.addOperation { first() }; queue.addOperation { second() }",
      .incidental,
      source: #""Although only one operation at a time may execute, the order of execution is"#
        + #" still based on other factors, such as the readiness of each operation and its"#
        + #" assigned priority." (Apple, Concurrency Programming Guide, "Operation Queues");"#
        + " swift-corelibs-foundation starts the first ready operation of the highest priority,"
        + " in the order added (Sources/Foundation/Operation.swift, `_schedule()`)"
    ) { first, second in
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      queue.addOperation(first)
      queue.addOperation(second)
    },
    StartWay(
      "queuePriority .veryLow, .veryHigh",
      code: "a.queuePriority = .veryLow; b.queuePriority = .veryHigh;"
        + " queue.addOperations([a, b], waitUntilFinished: false) (one at a time)",
      .notOrdered,
      source: #""This value is used to influence the order in which operations are dequeued"#
        + #" and executed." (Apple, Operation.queuePriority)"#
    ) { first, second in
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      let a = BlockOperation(block: first)
      let b = BlockOperation(block: second)
      a.queuePriority = .veryLow
      b.queuePriority = .veryHigh
      add([a, b], to: queue)
    },
  ]
}
