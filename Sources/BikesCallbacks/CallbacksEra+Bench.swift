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
  /// The floor: each rider a chain of `asyncAfter` on its lane, started from
  /// a concurrent queue as a run starts its riders.
  static func waitOutLegs(riders: Int, legs: Int, leg: Duration, threadCap: Int?) async {
    let lanes = Lanes(riders: riders, probe: .waiting(.zero))
    let start = DispatchQueue(label: "run", attributes: .concurrent)
    let interval = leg.dispatchInterval
    await BenchCase.chains(riders) { index, done in
      let queue = lanes.queue(for: index)
      @Sendable func ride(_ left: Int) {
        guard left > 0 else { return done() }
        queue.asyncAfter(deadline: .now() + interval) { ride(left - 1) }
      }
      start.async { ride(legs) }
    }
  }
}
