// How the actors era sleeps through a leg, against the other ways Swift
// offers: for each way, RIDERS tasks in crews of 1,000 (as a run makes
// them) each sleep 19 legs of 1 ms. One line per way and round: the wall
// time. Scripts/task-sleep.sh builds and runs it.
// usage: task-sleep [RIDERS] [ROUNDS]   (default 100000 2)

@main
enum TaskSleep {
  static let legs = 19
  static let leg = Duration.milliseconds(1)

  static let ways: [(String, @Sendable () async -> Void)] = [
    ("Task.sleep(for:), the era's (ContinuousClock)", { try? await Task.sleep(for: leg) }),
    (
      "Task.sleep(until: .now + leg, clock: .continuous)",
      { try? await Task.sleep(until: .now + leg, clock: .continuous) }
    ),
    (
      "Task.sleep(for:clock: .suspending)",
      { try? await Task.sleep(for: leg, clock: .suspending) }
    ),
    ("Task.sleep(nanoseconds: 1_000_000)", { try? await Task.sleep(nanoseconds: 1_000_000) }),
    (
      "Task.sleep(for:tolerance: leg)",
      { try? await Task.sleep(for: leg, tolerance: leg) }
    ),
  ]

  static func main() async {
    let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
    guard arguments.allSatisfy({ ($0 ?? 0) > 0 }), arguments.count <= 2 else {
      print("usage: task-sleep [RIDERS] [ROUNDS], whole numbers above 0")
      return
    }
    let riders = arguments.first.flatMap { $0 } ?? 100_000
    let rounds = arguments.dropFirst().first.flatMap { $0 } ?? 2
    let clock = ContinuousClock()
    for round in 1...rounds {
      for (name, sleep) in ways {
        let started = clock.now
        await crews(riders, sleep)
        let millis = Int(started.duration(to: clock.now) / .milliseconds(1))
        print("round \(round)  \(name): \(millis) ms")
      }
    }
  }

  static func crews(_ riders: Int, _ sleep: @escaping @Sendable () async -> Void) async {
    await withTaskGroup(of: Void.self) { crews in
      for start in stride(from: 0, to: riders, by: 1_000) {
        crews.addTask {
          await withTaskGroup(of: Void.self) { group in
            for _ in start..<min(start + 1_000, riders) {
              group.addTask { for _ in 0..<legs { await sleep() } }
            }
          }
        }
      }
    }
  }
}
