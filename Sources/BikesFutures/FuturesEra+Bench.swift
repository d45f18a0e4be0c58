import BikeShare
import Dispatch
import Foundation

/// What `bikes-bench` times here: take-and-leave pairs through `Rider.visit`
/// racy and with each fix, each rider on a thread of its own; and an empty
/// future on a serial queue, waited for.
extension FuturesEra {
  static var benchCases: [BenchCase] {
    let modes: [(String, Mode, FuturesExclusive)] = [
      ("racy", .racy, .condition), ("safe, exclusive condition", .safe, .condition),
      ("safe, exclusive station", .safe, .station),
    ]
    return modes.map { name, mode, exclusive in
      BenchCase(name) { riders, pairs, stop in await visits(mode, exclusive, riders, pairs, stop) }
    } + [
      BenchCase("bare: empty future waited for", isBare: true) { riders, pairs, stop in
        let queue = DispatchQueue(label: "bench station")
        await onThreads(riders) { _ in
          stop.loop(pairs) {
            Future<Void, Never>(on: queue) {}.wait()
            Future<Void, Never>(on: queue) {}.wait()
          }
        }
      }
    ]
  }

  private static func visits(
    _ mode: Mode, _ exclusive: FuturesExclusive, _ riders: Int, _ pairs: Int, _ stop: BenchStop
  ) async {
    let station = Station(BenchCase.station, audit: StationAudit(BenchCase.station))
    await onThreads(riders) { index in
      let rider = Rider(
        index: index, stations: [station], mode: mode, exclusive: exclusive,
        probe: .waiting(.zero), log: .none, legDuration: .zero)
      stop.loop(pairs) {
        _ = rider.visit(0, wanting: .bike)
        _ = rider.visit(0, wanting: .emptySlot)
      }
    }
  }

  /// Runs `body` on `count` threads of their own at once and waits for all.
  private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let threads = (0..<count).map { index in Future<Void, Never>.onNewThread { body(index) } }
    for thread in threads { await thread.value }
  }
}

extension FuturesEra {
  static var floorThreadCap: Int? { Run.threadCap }

  static var visitPrimitive: VisitPrimitive {
    VisitPrimitive(
      "empty future waited for", perVisit: 3,
      why:
        "a safe visit, --exclusive condition, waits for its exclusive future, one at a time"
        + " at its station, whose work waits for two on the station's queue: the check and"
        + " the act")
  }

  /// The floor: a future per rider on a thread of its own under the run's
  /// cap, each waiting out its legs on `Future.after`, and one thread
  /// waiting for every journey, as a run does. The second floor adds a
  /// visit before each leg and after the last: an empty future on the
  /// default queue, exclusive at its station as a safe visit's is (the
  /// exclusion is the visit's protection, so it is part of its primitive),
  /// whose work waits for two empty ones on the station's queue.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {
    let interval = leg.dispatchInterval
    let stations = (0..<(visits?.stations ?? 0)).map {
      (queue: DispatchQueue(label: "station \($0)"), exclusion: Exclusion())
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        let journeys = Run.onThreads(
          Array(0..<riders), threadCap: Run.threadCap, stop: StopSwitch()
        ) { rider in
          for number in 0...legs {
            if let visits {
              let station = stations[visits.station(rider: rider, visit: number)]
              _ = try? Future<Void, any Error>(conditions: [.mutuallyExclusive(station.exclusion)])
              {
                Future<Void, Never>(on: station.queue) {}.wait()
                Future<Void, Never>(on: station.queue) {}.wait()
              }.wait()
              visits.count(3)
            }
            if number < legs { try? Future.after(interval).wait() }
          }
        }
        for journey in journeys { journey.wait() }
        continuation.resume()
      }.start()
    }
  }
}
