import BikeShare
import Dispatch

/// The cancel story (`--story cancel`) in the era of completion handlers:
/// each rider's trip is a chain of blocks on a serial queue of its own, and
/// the handle its start returns can be cancelled: `cancel()` only sets a
/// flag (a `DispatchWorkItem` already running sees no more than its
/// `isCancelled`). A block already running goes on, and the chain stops
/// only where a block reads the flag.
extension CallbacksEra {
  /// A trip's handle: `cancel()` asks, `isCancelled` is what the blocks read.
  final class CallOff: Sendable {
    private let cancelled = Locked(false)
    func cancel() { cancelled.withLock { $0 = true } }
    var isCancelled: Bool { cancelled.withLock { $0 } }
  }

  static func cancel(_ stage: CancelStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    let probe = stage.blockingProbe
    let all = DispatchGroup()
    let handles = stage.riders.map { _ in CallOff() }
    for index in stage.riders {
      all.enter()
      start(stage.trip(index), handle: handles[index], stations: stations, probe: probe) {
        probe.finished(rider: index)
        all.leave()
      }
    }
    all.enter()
    DispatchQueue(label: "x.app").async {
      if probe.pass(stage.callOff) {
        handles[CancelStage.target].cancel()
        stage.calledOff()
      }
      probe.finished(rider: CancelStage.caller)
      all.leave()
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      all.notify(queue: .global()) { continuation.resume() }
    }
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.counts()) }
    return ends
  }

  /// One rider's chain: arrive, take, ride, dock. Racy stops where it reads
  /// the flag, with the bike; safe gives the bike back first.
  private static func start(
    _ trip: CancelTrip, handle: CallOff, stations: [Station], probe: BlockingRaceProbe,
    done: @escaping @Sendable () -> Void
  ) {
    let (rossio, chiado) = (stations[0], stations[1])
    let queue = DispatchQueue(label: "rider.\(trip.rider + 1)")
    queue.async {
      guard probe.pass(trip.arrive) else { return done() }
      if handle.isCancelled {
        trip.stops(holdingBike: false)
        return done()
      }
      rossio.takeBike(on: queue) { taken in
        guard trip.took(taken) else { return done() }
        // The leg, as a block of its own (the stage's legs take no time).
        queue.async {
          guard probe.pass(trip.ride) else { return done() }
          guard handle.isCancelled else {
            return chiado.leaveBike(on: queue) { now in
              trip.docked(now)
              done()
            }
          }
          guard trip.mode.isFix else {
            trip.stops(holdingBike: true)
            return done()
          }
          rossio.leaveBike(on: queue) { now in
            trip.gaveBack(now)
            trip.stops(holdingBike: false)
            done()
          }
        }
      }
    }
  }
}
