import BikeShare
import Foundation

/// Start order in the era of threads and locks (`bikes-dispatch starts`):
/// a thread each, or one worker thread taking a line in turn.
extension DispatchEra {
  static let starts: [StartWay] = [
    StartWay(
      "a Thread each",
      code: "Thread { first() }.start(); Thread { second() }.start()",
      .notOrdered,
      source: #""This method asynchronously spawns the new thread and invokes the receiver's"#
        + #" main() method on the new thread." (Apple, Thread.start()): when each begins is the"#
        + " scheduler's",
      story: .racy
    ) { first, second in
      Thread(block: first).start()
      Thread(block: second).start()
    },
    StartWay(
      "one worker thread, a line",
      code: "line.append(first); line.append(second); the worker runs line.next() in turn",
      .promised,
      source: "by this code: the worker takes the oldest request first (`Line.next()`,"
        + " `removeFirst()`, Sources/BikesDispatch/Order.swift), one at a time",
      story: .safe
    ) { first, second in
      let work = [first, second]
      let line = Line()
      Thread {
        for _ in work { work[line.next()]() }
      }.start()
      line.append(0)
      line.append(1)
    },
  ]
}
