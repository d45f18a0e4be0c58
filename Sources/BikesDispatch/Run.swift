import BikeShare
import Dispatch
import Foundation

/// One run: a thread per rider, at most `threadCap` at a time.
///
/// A rider that sleeps through its leg holds its thread. Give every rider a
/// thread and 5,000 riders are 5,000 threads (a stack each, and a scheduler
/// juggling them). Put them on a fixed pool and riders beyond the pool's size
/// wait for a whole journey before they start. This era does the second,
/// with a generous bound: the first `threadCap` riders start at once, and
/// each rider that finishes lets the next one start.
///
/// A `Thread` per rider is the pre-GCD style (only the semaphore that bounds
/// them is GCD's), kept because it says exactly how many threads exist. The
/// GCD habit was `DispatchQueue.global().async { rider.ride() }`, and riders
/// that block make the pool add threads: a thread explosion. On Linux that
/// pool starts with one thread per core, and while they are blocked a
/// monitor adds at most one a second per quality of service
/// (swift-corelibs-libdispatch, `src/event/workqueue.c`).
enum Run {
  /// `--thread-cap`'s default.
  static let threadCap = Configuration().threadCap

  /// Runs every rider; blocks the calling thread until all are done or stopped.
  static func ride(_ simulation: Simulation, threadCap: Int = threadCap) -> RunOutcome {
    let stations = simulation.makeStations { record, audit in
      Station(
        record, audit: audit, mode: simulation.riderMode, lock: simulation.configuration.lock,
        sharedWithVans: !simulation.vans.isEmpty)
    }
    let results = Locked(Array(repeating: RiderResult(), count: simulation.riders.count))
    // Ctrl-C: `stopped` empties, which wakes every napping rider at once.
    let stopped = DispatchGroup()
    stopped.enter()
    simulation.stop.onStop { stopped.leave() }
    let legDuration = simulation.configuration.legDuration
    let nap: @Sendable () -> Bool = {
      stopped.wait(timeout: .now() + legDuration.dispatchInterval) == .success
    }

    let everyone = DispatchGroup()
    startRiders(simulation.riders, threadCap: threadCap, stop: simulation.stop, everyone: everyone)
    {
      index in
      let rider = Rider(
        index: index, stations: stations, mode: simulation.riderMode,
        probe: simulation.blockingProbe,
        log: simulation.log)
      return {
        let journey = simulation.journey(for: index)
        // The rider's requests, for the report's overtaking count (outside
        // a task, a task-local value is the thread's).
        let result = RequestStamp.$current.withValue(journey.request) {
          rider.ride(journey, nap: nap)
        }
        results.withLock { $0[index] = result }
        simulation.blockingProbe.finished(rider: index)
      }
    }
    let vans = Locked(Array(repeating: VanResult(), count: simulation.vans.count))
    // `--vans`: each van on a thread of its own, beside the riders' cap.
    for index in simulation.vans {
      everyone.enter()
      Thread {
        let result = simulation.driveVan(index) { trip in
          Van(trip: trip, stations: stations, probe: simulation.blockingProbe).transfer()
        }
        vans.withLock { $0[index] = result }
        everyone.leave()
      }.start()
    }
    everyone.wait()
    return RunOutcome(
      riders: results.withLock { $0 }, stations: stations.map(\.counts), vans: vans.withLock { $0 })
  }

  /// Starts a thread per rider, at most `threadCap` at once, each inside
  /// `everyone`; returns once every rider has a thread (or Ctrl-C came).
  /// - Parameter rider: makes rider `index` on the calling thread and gives
  ///   back what its thread runs.
  static func startRiders(
    _ riders: Range<Int>, threadCap: Int, stop: StopSwitch, everyone: DispatchGroup,
    rider: (Int) -> @Sendable () -> Void
  ) {
    let threads = DispatchSemaphore(value: threadCap)
    // The starting line: the first wave of riders sets off together, not in
    // the order their threads happened to be created.
    let startingLine = DispatchGroup()
    startingLine.enter()
    let firstWave = min(threadCap, riders.count)
    for index in riders {
      threads.wait()  // a thread is free
      if stop.isStopped {
        threads.signal()
        // Let the riders already started go.
        if index - riders.lowerBound < firstWave { startingLine.leave() }
        break
      }
      everyone.enter()
      let ride = rider(index)
      let thread = Thread {
        startingLine.wait()
        ride()
        threads.signal()
        everyone.leave()
      }
      thread.stackSize = 256 * 1024
      thread.start()
      if index - riders.lowerBound == firstWave - 1 { startingLine.leave() }
    }
  }
}
