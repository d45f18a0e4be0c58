import BikeShare
import Dispatch

/// Start order in the era of futures (`bikes-futures starts`): a future
/// each, or a chain.
extension FuturesEra {
  static let starts: [StartWay] = [
    StartWay(
      "a future each",
      code: "Future { first() }; Future { second() }",
      .notOrdered,
      source: "a future's work starts on the global queue (`Future.defaultQueue`), where"
        + #" "Work items submitted to the global concurrent queues have no ordering guarantee"#
        + #" with respect to the order of submission" (swift-corelibs-libdispatch,"#
        + " dispatch/queue.h)",
      story: .racy
    ) { first, second in
      _ = Future<Void, Never>(first)
      _ = Future<Void, Never>(second)
    },
    StartWay(
      "a chain of futures",
      code: "let a = Future { first() }; Future { a.wait(); second() }",
      .promised,
      source: "by this code: `wait()` returns once the future has finished, and not before"
        + " (Sources/BikesFutures/Futures/Future.swift)",
      story: .safe
    ) { first, second in
      let a = Future<Void, Never>(first)
      _ = Future<Void, Never> {
        a.wait()
        second()
      }
    },
  ]
}
