import BikeShare
import Foundation
import Synchronization

/// The cancel story (`--story cancel`) in the era of threads and locks: each
/// rider is a thread, and X calls rider A off by setting a flag that the
/// rider's thread reads, as `Thread.cancel()` does (it only sets the
/// thread's `isCancelled`). Nothing stops the thread: the rider notices
/// where its code reads the flag (`CancelTrip.go`). (Foundation's `Thread`
/// is not `Sendable` in Swift 6, so X cannot hold A's thread to cancel it;
/// the flag is an atomic, which it can.)
extension DispatchEra {
  /// One rider's call-off flag.
  final class CallOff: Sendable {
    private let cancelled = Atomic(false)
    func cancel() { cancelled.store(true, ordering: .releasing) }
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
  }

  static func cancel(_ stage: CancelStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map {
      Station($0, audit: $1, mode: .safe, lock: stage.configuration.lock)
    }
    let (rossio, chiado) = (stations[0], stations[1])
    let probe = stage.blockingProbe
    let flags = stage.riders.map { _ in CallOff() }
    await stage.eachOnAThread(
      callingOff: { flags[CancelStage.target].cancel() },
      rider: { index in
        stage.trip(index).go(
          pass: probe.pass, calledOff: { flags[index].isCancelled }, take: rossio.takeBike,
          dock: chiado.leaveBike, giveBack: rossio.leaveBike)
      })
    return stations.map(\.counts)
  }
}
