import BikeShare
import Dispatch

/// Start order in the era of completion handlers (`bikes-callbacks
/// starts`): two blocks sent one after the other, to the queues this era
/// sends work to.
extension CallbacksEra {
  static let starts: [StartWay] = [
    StartWay(
      "global queue",
      code: "DispatchQueue.global().async { first() }; DispatchQueue.global().async { second() }",
      .notOrdered,
      source: #""Work items submitted to the global concurrent queues have no ordering"#
        + #" guarantee with respect to the order of submission, and workitems submitted to these"#
        + #" queues may be invoked concurrently." (swift-corelibs-libdispatch, dispatch/queue.h)"#,
      story: .racy
    ) { first, second in
      DispatchQueue.global().async(execute: first)
      DispatchQueue.global().async(execute: second)
    },
    StartWay(
      "a concurrent queue of its own",
      code: "let queue = DispatchQueue(label: \"q\", attributes: .concurrent);"
        + " queue.async { first() }; queue.async { second() }",
      .notOrdered,
      source: #""Regular workitems can be invoked concurrently for the same concurrent queue,"#
        + #" in any order." (swift-corelibs-libdispatch, dispatch/queue.h)"#
    ) { first, second in
      let queue = DispatchQueue(label: "starts.concurrent", attributes: .concurrent)
      queue.async(execute: first)
      queue.async(execute: second)
    },
    StartWay(
      "one serial queue",
      code:
        "let queue = DispatchQueue(label: \"q\"); queue.async { first() }; queue.async { second() }",
      .promised,
      source: #""An attribute that can be used to create a dispatch queue that invokes blocks"#
        + #" serially in FIFO order." (DISPATCH_QUEUE_SERIAL, swift-corelibs-libdispatch,"#
        + #" dispatch/queue.h)"#,
      story: .safe
    ) { first, second in
      let queue = DispatchQueue(label: "starts.serial")
      queue.async(execute: first)
      queue.async(execute: second)
    },
    StartWay(
      "two serial queues, one target",
      code:
        "let a = DispatchQueue(label: \"a\", target: t), b = DispatchQueue(label: \"b\", target: t);"
        + " a.async { first() }; b.async { second() }",
      .incidental,
      source: #""Blocks submitted to a serial queue whose target queue is another serial queue"#
        + #" will not be invoked concurrently with blocks submitted to the target queue or to any"#
        + #" other queue with that same target queue." (dispatch_set_target_queue,"#
        + #" swift-corelibs-libdispatch, dispatch/queue.h): one at a time, and nothing about"#
        + " which queue's block comes first"
    ) { first, second in
      let target = DispatchQueue(label: "starts.target")
      let a = DispatchQueue(label: "starts.a", target: target)
      let b = DispatchQueue(label: "starts.b", target: target)
      a.async(execute: first)
      b.async(execute: second)
    },
  ]
}
