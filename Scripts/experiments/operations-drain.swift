// The floor under the operations era's Ctrl-C: how long OperationQueue takes
// to drain N cancelled operations with nothing of the era around them.
// Four serial "station" queues, each held by one running operation, with N
// empty operations queued behind them; each hands on one final operation to
// a concurrent "run" queue as it finishes, and a summary depends on every
// final operation (the era's shape without its steps). Timed from
// `cancelAllOperations()` to the summary.
// Run by Scripts/operations-drain.sh.
import Dispatch
import Foundation

@main
enum OperationsDrain {
  static func main() {
    let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
    for count in counts.isEmpty ? [10_000, 100_000] : counts {
      for round in 1...3 {
        let seconds = drain(count)
        print("\(count) operations, round \(round): \(String(format: "%.2f", seconds)) s")
      }
    }
  }

  static func drain(_ count: Int) -> Double {
    let stations = (0..<4).map { _ in
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      return queue
    }
    let run = OperationQueue()
    let held = DispatchSemaphore(value: 0)
    for station in stations { station.addOperation { held.wait() } }
    let over = DispatchSemaphore(value: 0)
    let summary = BlockOperation { over.signal() }
    for index in 0..<count {
      let step = BlockOperation {}
      let final = BlockOperation {}
      summary.addDependency(final)
      // Handed on as the step finishes, as the era hands on each rider's `done`.
      step.completionBlock = { run.addOperation(final) }
      stations[index % stations.count].addOperation(step)
    }
    run.addOperation(summary)
    let started = DispatchTime.now()
    for station in stations { station.cancelAllOperations() }
    for _ in stations { held.signal() }
    over.wait()
    return Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
  }
}
