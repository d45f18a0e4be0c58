import BikeShare
import Dispatch
import Foundation
import Synchronization

/// `bikes-bench simplest-floor ERA --riders N --legs L --leg-ms M [--thread-cap N]`:
/// not in `--help`; the bench runs it beside each era's floor (section 4).
/// Riders that only wait out their legs, each era's way written as simply
/// as that way allows, with none of the era's code: the yardstick that
/// says whether an era's own floor (`bikes-<era> bench-floor`) waits no
/// slower than it must.
enum SimplestFloor {
  static let eras = ["callbacks", "operations", "dispatch", "futures", "actors"]

  /// Parses `ERA --riders N --legs L --leg-ms M [--thread-cap N]`, waits,
  /// and prints one JSON line as `bench-floor` does.
  static func main(_ arguments: [String]) -> Int32 {
    var rest = arguments[...]
    guard let era = rest.popFirst(), eras.contains(era) else {
      Console.error(
        "\(Bench.executable): simplest-floor expects an era: \(eras.joined(separator: ", "))")
      return ExitCode.usageError
    }
    var values = ["--riders": 1, "--legs": 19, "--leg-ms": 1, "--thread-cap": 256]
    let limits = [
      "--riders": 1...1_000_000, "--legs": 1...1_000, "--leg-ms": 0...1_000,
      "--thread-cap": 1...10_000,
    ]
    while let flag = rest.popFirst() {
      guard let range = limits[flag], let text = rest.popFirst(), let number = Int(text),
        range.contains(number)
      else {
        Console.error(
          "\(Bench.executable): simplest-floor: \(Text.escaped(flag)) is not an option, or its"
            + " value is not a whole number in range")
        return ExitCode.usageError
      }
      values[flag] = number
    }
    let riders = values["--riders"] ?? 1
    let legs = values["--legs"] ?? 1
    let clock = ContinuousClock()
    let started = clock.now
    run(
      era, riders: riders, legs: legs, leg: .milliseconds(values["--leg-ms"] ?? 1),
      threadCap: values["--thread-cap"] ?? 256)
    let seconds = started.duration(to: clock.now).seconds
    Console.out(
      #"{"era": "\#(era)", "riders": \#(riders), "legs": \#(legs), "wall_seconds": \#(seconds)}"#)
    return ExitCode.done
  }

  /// Waits out every rider's legs; returns once all are done.
  static func run(_ era: String, riders: Int, legs: Int, leg: Duration, threadCap: Int) {
    let interval = leg.dispatchInterval
    switch era {
    case "callbacks": callbacks(riders: riders, legs: legs, leg: interval)
    case "operations": operations(riders: riders, legs: legs, leg: interval)
    case "dispatch": threads(riders: riders, cap: threadCap) { for _ in 0..<legs { nap(leg) } }
    case "futures":
      threads(riders: riders, cap: threadCap) { for _ in 0..<legs { future(interval) } }
    default: actors(riders: riders, legs: legs, leg: leg)
    }
  }

  /// Each rider a chain of `asyncAfter` on the global queue.
  static func callbacks(riders: Int, legs: Int, leg: DispatchTimeInterval) {
    let everyone = DispatchGroup()
    for _ in 0..<riders {
      everyone.enter()
      @Sendable func ride(_ left: Int) {
        guard left > 0 else { return everyone.leave() }
        DispatchQueue.global().asyncAfter(deadline: .now() + leg) { ride(left - 1) }
      }
      ride(legs)
    }
    everyone.wait()
  }

  /// Each leg an asynchronous operation on one queue; as it ends, it adds
  /// the rider's next leg.
  static func operations(riders: Int, legs: Int, leg: DispatchTimeInterval) {
    let queue = OperationQueue()
    let everyone = DispatchGroup()
    for _ in 0..<riders {
      everyone.enter()
      @Sendable func ride(_ left: Int) {
        guard left > 0 else { return everyone.leave() }
        queue.addOperation(Leg(leg) { ride(left - 1) })
      }
      ride(legs)
    }
    everyone.wait()
  }

  /// An asynchronous operation that waits out a timer, then calls `then`
  /// and finishes.
  final class Leg: Operation, @unchecked Sendable {
    private let interval: DispatchTimeInterval
    private let then: @Sendable () -> Void
    private let state = Mutex((executing: false, finished: false))

    init(_ interval: DispatchTimeInterval, then: @escaping @Sendable () -> Void) {
      self.interval = interval
      self.then = then
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { state.withLock { $0.executing } }
    override var isFinished: Bool { state.withLock { $0.finished } }

    override func start() {
      willChangeValue(forKey: "isExecuting")
      state.withLock { $0.executing = true }
      didChangeValue(forKey: "isExecuting")
      DispatchQueue.global().asyncAfter(deadline: .now() + interval) {
        self.then()
        self.willChangeValue(forKey: "isExecuting")
        self.willChangeValue(forKey: "isFinished")
        self.state.withLock { $0 = (false, true) }
        self.didChangeValue(forKey: "isExecuting")
        self.didChangeValue(forKey: "isFinished")
      }
    }
  }

  /// A thread per rider, at most `cap` at once.
  static func threads(riders: Int, cap: Int, _ ride: @escaping @Sendable () -> Void) {
    let free = DispatchSemaphore(value: cap)
    let everyone = DispatchGroup()
    for _ in 0..<riders {
      free.wait()
      everyone.enter()
      let thread = Thread {
        ride()
        free.signal()
        everyone.leave()
      }
      thread.stackSize = 256 * 1024
      thread.start()
    }
    everyone.wait()
  }

  static func nap(_ leg: Duration) {
    Thread.sleep(forTimeInterval: leg.seconds)
  }

  /// The least a future is: work started on a queue (here a timer), and a
  /// blocking wait for it.
  static func future(_ leg: DispatchTimeInterval) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + leg) { done.signal() }
    done.wait()
  }

  /// A child task per rider, sleeping through its legs.
  static func actors(riders: Int, legs: Int, leg: Duration) {
    let done = DispatchSemaphore(value: 0)
    Task {
      await withDiscardingTaskGroup { group in
        for _ in 0..<riders {
          group.addTask { for _ in 0..<legs { try? await Task.sleep(for: leg) } }
        }
      }
      done.signal()
    }
    done.wait()
  }
}
