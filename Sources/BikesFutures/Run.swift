import BikeShare
import Dispatch

/// One run: each rider's journey is a future on a thread of its own, at most
/// `threadCap` at a time, and the run waits for every one of them.
///
/// A blocking wait holds its thread: every rider on the road is a thread,
/// asleep in `wait()` for most of its leg (chapter 04 measures what that
/// costs). Riders beyond the cap wait for a whole journey to end before
/// they start.
final class Run: Sendable {
  static let threadCap = 5_000

  let stations: [Station]
  let riders: [Rider]
  private let simulation: Simulation

  init(_ simulation: Simulation, onRelease: (@Sendable () -> Void)? = nil) {
    let stations = simulation.makeStations { Station($0, audit: $1) }
    self.stations = stations
    riders = simulation.riders.map { index in
      Rider(
        index: index, stations: stations, mode: simulation.riderMode,
        exclusive: simulation.configuration.exclusive, probe: simulation.blockingProbe,
        log: simulation.log, legDuration: simulation.configuration.legDuration,
        onRelease: onRelease)
    }
    self.simulation = simulation
  }

  /// Rides every journey; blocks the calling thread until all are over or stopped.
  func ride(threadCap: Int = threadCap) -> RunOutcome {
    // Ctrl-C cancels every rider's leg. The stop switch outlives the run,
    // so its handler holds the riders only until the run is over.
    let onTheRoad = Locked<[Rider]?>(riders)
    defer { onTheRoad.withLock { $0 = nil } }
    simulation.stop.onStop {
      for rider in onTheRoad.withLock({ $0 }) ?? [] { rider.stop() }
    }
    // `--vans`: each van a future on a thread of its own, beside the cap.
    let vans = simulation.vans.map { index in
      Future<VanResult, Never>.onNewThread { [simulation, stations] in
        simulation.driveVan(index) { trip in
          Van(trip: trip, stations: stations, probe: simulation.blockingProbe).transfer()
        }
      }
    }
    let journeys = Self.onThreads(riders, threadCap: threadCap, stop: simulation.stop) {
      [simulation] rider in
      let journey = simulation.journey(for: rider.index)
      // The rider's requests, for the report's overtaking count (outside a
      // task, a task-local value is the thread's).
      let result = RequestStamp.$current.withValue(journey.request) { rider.ride(journey) }
      simulation.blockingProbe.finished(rider: rider.index)
      return result
    }
    let results = journeys.map { $0.wait() }
    let notStarted = Array(repeating: RiderResult(), count: riders.count - results.count)
    let vanResults = vans.map { $0.wait() }  // before the counts: vans change them
    return RunOutcome(
      riders: results + notStarted, stations: stations.map { $0.readCounts().wait() },
      vans: vanResults)
  }

  /// A future per element on a thread of its own, at most `threadCap` at a
  /// time: each is started once a thread is free. Ctrl-C starts no more.
  static func onThreads<Element: Sendable, Value: Sendable>(
    _ elements: [Element], threadCap: Int, stop: StopSwitch,
    _ work: @escaping @Sendable (Element) -> Value
  ) -> [Future<Value, Never>] {
    let threads = DispatchSemaphore(value: threadCap)
    var futures: [Future<Value, Never>] = []
    for element in elements {
      threads.wait()  // a thread is free
      if stop.isStopped {
        threads.signal()
        break
      }
      futures.append(
        Future.onNewThread {
          defer { threads.signal() }
          return work(element)
        })
    }
    return futures
  }
}
