// Two riders against one free bike, many times: how often both take it.
// Built with default settings; only the Seed module's settings change.
// usage: trials LABEL RUNS

import Foundation
import Seed

/// One trial: two tasks, each calling the seed's `rider`. True if the bike
/// was taken twice.
func trial() async -> Bool {
  let station = Station()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<2 {
      group.addTask { await rider(station) }
    }
  }
  return await station.freeBikes < 0
}

/// The 95 % Wilson score interval of `broken` in `runs`, in percent.
func interval(_ broken: Int, _ runs: Int) -> (Double, Double) {
  let n = Double(runs)
  let p = Double(broken) / n
  let z = 1.959964
  let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
  let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
  return (max(0, centre - half) * 100, min(1, centre + half) * 100)
}

func percent(_ value: Double) -> String { String(format: "%.2f %%", value) }

@main enum Trials {
  static func main() async {
    let arguments = CommandLine.arguments
    let label = arguments.count > 1 ? arguments[1] : "?"
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5_000 : 5_000
    var broken = 0
    for _ in 0..<runs where await trial() { broken += 1 }
    let (low, high) = interval(broken, runs)
    let padded = label + String(repeating: " ", count: max(1, 44 - label.count))
    print("\(padded)\(broken) of \(runs)  (95 % interval \(percent(low)) to \(percent(high)))")
  }
}
