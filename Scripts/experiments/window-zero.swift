// The original one-liner, `if await station.freeBikes > 0 { await station.removeBike() }`,
// run by two riders against one free bike, many times, in four shapes.
// Built and run by Scripts/window-zero.sh; chapter 05 quotes what it prints.
import Foundation

actor Station {
  var freeBikes = 1
  func removeBike() { freeBikes -= 1 }
}

/// Something the compiler cannot see through: a stand-in for one log line.
@inline(never) func note(_ value: Int) { if value == Int.min { print(value) } }

enum Shape: String, CaseIterable {
  case oneLiner = "the one-liner, nonisolated riders"
  case syncCall = "one synchronous call between check and act"
  case yield = "await Task.yield() between check and act"
  case mainActor = "the one-liner, @MainActor riders"
}

func nonisolatedRider(_ station: Station, _ shape: Shape) async {
  switch shape {
  case .oneLiner, .mainActor:
    if await station.freeBikes > 0 { await station.removeBike() }
  case .syncCall:
    let free = await station.freeBikes
    note(free)
    if free > 0 { await station.removeBike() }
  case .yield:
    if await station.freeBikes > 0 {
      await Task.yield()
      await station.removeBike()
    }
  }
}

@MainActor func mainActorRider(_ station: Station) async {
  if await station.freeBikes > 0 { await station.removeBike() }
}

/// One trial: two riders, one bike. True if the bike was taken twice.
func trial(_ shape: Shape) async -> Bool {
  let station = Station()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<2 {
      if shape == .mainActor {
        group.addTask { await mainActorRider(station) }
      } else {
        group.addTask { await nonisolatedRider(station, shape) }
      }
    }
  }
  return await station.freeBikes < 0
}

@main enum WindowZero {
  static func main() async {
    let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
    var results: [String] = []
    for shape in Shape.allCases {
      // @MainActor riders take turns on one thread: fewer runs keep it quick.
      let count = shape == .mainActor ? runs / 4 : runs
      var broken = 0
      for _ in 0..<count where await trial(shape) { broken += 1 }
      let result = "\(shape.rawValue): \(broken) of \(count) runs took the bike twice"
      print(result)
      results.append(result)
    }
    // Scripts/window-zero.sh prints these again at its end, below anything
    // the shapes printed on the way (exercise 05-1's print("checked")).
    if let path = ProcessInfo.processInfo.environment["WINDOW_ZERO_RESULTS"] {
      _ = FileManager.default.createFile(
        atPath: path, contents: Data(results.joined(separator: "\n").utf8))
    }
  }
}
