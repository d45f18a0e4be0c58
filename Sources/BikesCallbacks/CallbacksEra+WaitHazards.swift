import BikeShare
import Dispatch

/// `bikes-callbacks hazards called-twice`: waiting for a condition (the
/// wait story, chapter 11) as completions kept in Rossio's line, and a
/// call-off that calls a rider's completion but leaves it in the line.
extension CallbacksEra {
  static let calledTwice = Hazard(
    name: "called-twice",
    what: "A and B wait in Rossio's line as completions; A is called off; the van docks a bike",
    rule: "call each completion exactly once, on every path: take it out as you call it",
    broken: "the call-off calls A's completion, A stays in the line", expect: .finish,
    fix: "the call-off takes A's completion out of the line",
    .blocking { fixed, watch in
      let rossio = CompletionLine(fixed: fixed)
      let heard = Locked<[String]>([])
      for rider in ["A", "B"] {
        rossio.join(rider) { end in
          heard.withLock { $0.append("\(rider) \(end)") }
          watch.progress()
        }
      }
      rossio.callOff("A")
      rossio.dock()
      rossio.drain()
      let all = heard.withLock { $0 }
      let twice = all.filter { $0.hasPrefix("A ") }.count == 2
      return HazardFinish(
        all.joined(separator: ", ")
          + (twice ? ": A's completion ran twice; the bike went to A, B still waits" : ""),
        showed: fixed ? all == ["A called off", "B rode"] : twice)
    })
}

/// Rossio's line of completions, on its serial queue.
///
/// Swift 6 opt-out: `line` is only read and written on `queue`, which the
/// compiler cannot see.
private final class CompletionLine: @unchecked Sendable {
  private let queue = DispatchQueue(label: "Rossio")
  private let fixed: Bool
  private var line: [(rider: String, completion: @Sendable (String) -> Void)] = []

  init(fixed: Bool) { self.fixed = fixed }

  func join(_ rider: String, completion: @escaping @Sendable (String) -> Void) {
    queue.async { [self] in line.append((rider, completion)) }
  }

  func callOff(_ rider: String) {
    queue.async { [self] in
      guard let index = line.firstIndex(where: { $0.rider == rider }) else { return }
      if fixed {
        line.remove(at: index).completion("called off")
      } else {
        line[index].completion("called off")  // still in the line
      }
    }
  }

  /// Returns once every block sent to the queue so far has run.
  func drain() { queue.sync {} }

  /// A bike for the head of the line.
  func dock() {
    queue.async { [self] in
      guard !line.isEmpty else { return }
      line.removeFirst().completion("rode")
    }
  }
}
