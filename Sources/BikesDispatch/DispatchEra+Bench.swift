import BikeShare
import Foundation

/// What `bikes-bench` times here: take-and-leave pairs through `Rider.visit`
/// with every lock, racy and safe, each rider on a thread of its own; and
/// each lock held around nothing.
extension DispatchEra {
  static var benchCases: [BenchCase] {
    // Where a visit's time goes beyond the lock: the station's own calls
    // (counters and audit), without the rider's probe and log.
    let stationOnly = BenchCase("safe, station calls only, lock mutex") { riders, pairs, stop in
      let station = Station(
        BenchCase.station, audit: StationAudit(BenchCase.station), mode: .safe, lock: .mutex)
      await Stage.eachOnAThread(Array(0..<riders)) { _ in
        stop.loop(pairs) {
          _ = station.takeBike()
          _ = station.leaveBike()
        }
      }
    }
    return [stationOnly]
      + LockKind.allCases.flatMap { lock in
        [Mode.racy, .safe].map { mode in
          BenchCase("\(mode.rawValue), lock \(lock.rawValue)") { riders, pairs, stop in
            let station = Station(
              BenchCase.station, audit: StationAudit(BenchCase.station), mode: mode, lock: lock)
            await Stage.eachOnAThread(Array(0..<riders)) { index in
              let rider = Rider(
                index: index, stations: [station], mode: mode, probe: .waiting(.zero), log: .none)
              stop.loop(pairs) {
                _ = rider.visit(0, wanting: .bike)
                _ = rider.visit(0, wanting: .emptySlot)
              }
            }
          }
        } + [
          BenchCase("bare: \(lock.rawValue) around nothing", isBare: true) {
            riders, pairs, stop in
            let counters = Self.counters(lock)
            await Stage.eachOnAThread(Array(0..<riders)) { _ in
              stop.loop(pairs) {
                counters.update { _ in }
                counters.update { _ in }
              }
            }
          }
        ]
      }
  }

  private static func counters(_ lock: LockKind) -> any Counters {
    let start = BenchCase.station.counts
    return switch lock {
    case .mutex: MutexCounters(start)
    case .atomic: AtomicCounters(start)
    case .nslock: LockedCounters(start, lock: NSLockLock())
    case .serialQueue: LockedCounters(start, lock: SerialQueueLock())
    case .barrier: LockedCounters(start, lock: BarrierLock())
    }
  }
}

extension DispatchEra {
  static var floorThreadCap: Int? { Run.threadCap }

  static var visitPrimitive: VisitPrimitive {
    VisitPrimitive(
      "mutex around nothing", perVisit: 1,
      why: "a safe visit takes its station's lock once, for the check and the act together")
  }

  /// The floor: a thread per rider under the run's cap, each napping
  /// through its legs as a rider does (a wait on a group that never empties).
  /// The second floor adds a station's lock around nothing before each leg
  /// and after the last.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {
    let stations = (0..<(visits?.stations ?? 0)).map { _ in Self.counters(.mutex) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        let never = DispatchGroup()  // a run's `stopped`, never pulled
        never.enter()
        let everyone = DispatchGroup()
        Run.startRiders(
          0..<riders, threadCap: threadCap ?? Run.threadCap, stop: StopSwitch(), everyone: everyone
        ) { rider in
          {
            for number in 0...legs {
              if let visits {
                stations[visits.station(rider: rider, visit: number)].update { _ in }
                visits.count()
              }
              if number < legs { _ = never.wait(timeout: .now() + leg.dispatchInterval) }
            }
          }
        }
        everyone.wait()
        never.leave()
        continuation.resume()
      }.start()
    }
  }
}
