import BikeShare
import Foundation
import Synchronization

/// The order story (`--story order`) in the era of threads and locks.
/// Racy: the app starts a thread for each request, and the scheduler may run
/// a later thread first. Safe: one worker thread takes the requests from a
/// line in turn, first in first out (a locked array and a semaphore that
/// counts what waits in it).
extension DispatchEra {
  /// Requests waiting for the worker thread, oldest first.
  final class Line: Sendable {
    private let waiting = Mutex<[Int]>([])
    private let count = DispatchSemaphore(value: 0)

    func append(_ rider: Int) {
      waiting.withLock { $0.append(rider) }
      count.signal()
    }

    /// The oldest request; blocks while the line is empty.
    func next() -> Int {
      count.wait()
      return waiting.withLock { $0.removeFirst() }
    }
  }

  static func order(_ stage: OrderStage) async -> [StationCounts] {
    let rossio = Station(
      stage.station, audit: stage.audit, mode: .safe, lock: stage.configuration.lock)
    let line = Line()
    let requests = stage.riders.count
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      if stage.mode.isFix {
        all.enter()
        Thread {
          for _ in 0..<requests {
            let rider = line.next()
            stage.arrivesBlocking(rider, take: rossio.takeBike)
          }
          all.leave()
        }.start()
      }
      all.enter()
      Thread {
        stage.appAsksBlocking { rider in
          guard !stage.mode.isFix else { return line.append(rider) }
          all.enter()
          Thread {
            stage.arrivesBlocking(rider, take: rossio.takeBike)
            all.leave()
          }.start()
        }
        all.leave()
      }.start()
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [rossio.counts]
  }
}
