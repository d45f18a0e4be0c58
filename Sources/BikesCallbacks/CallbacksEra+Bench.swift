import BikeShare
import Dispatch

/// What `bikes-bench` times here: take-and-leave pairs through `Rider.visit`,
/// each rider's pairs a chain of callbacks on a queue of its own; and an empty
/// round trip through a station's queue and back to the rider's.
extension CallbacksEra {
  static var benchCases: [BenchCase] {
    [Mode.racy, .safe].map { mode in
      BenchCase(mode.rawValue) { riders, pairs, stop in
        let station = Station(BenchCase.station, audit: StationAudit(BenchCase.station))
        await BenchCase.chains(riders) { index, done in
          let rider = Rider(
            journey: Journey(rider: index, seed: 0, stationCount: 1, paths: 1, goal: nil),
            stations: [station], mode: mode, probe: .waiting(.zero), log: .none,
            legDuration: .zero)
          @Sendable func pair(_ left: Int) {
            guard stop.goOn(left) else { return done() }
            rider.visit(0, wanting: .bike) { _ in
              rider.visit(0, wanting: .emptySlot) { _ in pair(left - 1) }
            }
          }
          pair(pairs)
        }
      }
    } + [
      BenchCase("bare: empty round trip", isBare: true) { riders, pairs, stop in
        let station = DispatchQueue(label: "bench station")
        await BenchCase.chains(riders) { index, done in
          let reply = DispatchQueue(label: "bench rider \(index)")
          // Two round trips a pair, as a take and a leave make.
          @Sendable func pair(_ left: Int) {
            guard stop.goOn(left) else { return done() }
            station.async {
              reply.async { station.async { reply.async { pair(left - 1) } } }
            }
          }
          pair(pairs)
        }
      }
    ]
  }
}

extension CallbacksEra {
  static var visitPrimitive: VisitPrimitive {
    VisitPrimitive(
      "empty round trip", perVisit: 1,
      why: "a visit is one block on the station's queue and its answer on the rider's")
  }

  /// The floor: each rider a chain of `asyncAfter` on its lane, started from
  /// a concurrent queue as a run starts its riders. The second floor adds a
  /// round trip to a station's queue before each leg and after the last.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {
    let lanes = Lanes(riders: riders, probe: .waiting(.zero))
    let start = DispatchQueue(label: "run", attributes: .concurrent)
    let stations = (0..<(visits?.stations ?? 0)).map { DispatchQueue(label: "station \($0)") }
    let interval = leg.dispatchInterval
    await BenchCase.chains(riders) { index, done in
      let queue = lanes.queue(for: index)
      @Sendable func visit(_ number: Int, then next: @escaping @Sendable () -> Void) {
        guard let visits else { return next() }
        stations[visits.station(rider: index, visit: number)].async {
          visits.count()
          queue.async(execute: next)
        }
      }
      @Sendable func ride(_ left: Int) {
        visit(legs - left) {
          guard left > 0 else { return done() }
          queue.asyncAfter(deadline: .now() + interval) { ride(left - 1) }
        }
      }
      start.async { ride(legs) }
    }
  }
}
