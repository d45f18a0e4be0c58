import BikeShare
import Foundation

/// What `bikes-bench` times here: take-and-leave pairs as the era's visits
/// (arrive, check, act: operations with dependencies on the riders' and the
/// station's queues), each rider's visits one after another; and an empty
/// operation through a queue of width one.
extension OperationsEra {
  static var benchCases: [BenchCase] {
    [Mode.racy, .safe].map { mode in
      BenchCase(mode.rawValue) { riders, pairs, stop in
        let station = Station(BenchCase.station, audit: StationAudit(BenchCase.station))
        let queues = Queues()
        await BenchCase.chains(riders) { index, done in
          @Sendable func visit(_ want: Want, then next: @escaping @Sendable () -> Void) {
            let visit = Visit(
              rider: index, at: 0, station, wanting: want, mode: mode, probe: .waiting(.zero),
              log: .none
            ) { _ in next() }
            visit.chain(on: queues, station: station)
            visit.start(on: queues, station: station)
          }
          @Sendable func pair(_ left: Int) {
            guard stop.goOn(left) else { return done() }
            visit(.bike) { visit(.emptySlot) { pair(left - 1) } }
          }
          pair(pairs)
        }
      }
    } + [
      BenchCase("bare: empty operation", isBare: true) { riders, pairs, stop in
        let station = OperationQueue()
        station.maxConcurrentOperationCount = 1
        await BenchCase.chains(riders) { _, done in
          // Two operations a pair, as a take and a leave make; each hands
          // on the next as it ends, as a visit's steps do.
          @Sendable func step(_ left: Int, first: Bool) {
            if first { guard stop.goOn(left) else { return done() } }
            let operation = Step(rider: -1, doing: "empty")
            operation.then {
              if first { step(left, first: false) } else { step(left - 1, first: true) }
            }
            station.addOperation(operation)
          }
          step(pairs, first: true)
        }
      }
    ]
  }
}

extension OperationsEra {
  static var visitPrimitive: VisitPrimitive {
    VisitPrimitive(
      "empty operation", perVisit: 1,
      why: "a safe visit is one operation on its station's queue: the take or the leave")
  }

  /// The floor: each rider a chain of asynchronous leg operations on a
  /// run's riders queue, each handing on the next, then a final operation
  /// on the run's queue; one summary depends on every final operation
  /// through crews, as a run's does. The second floor adds an empty
  /// operation on a station's queue (of width one) before each leg and
  /// after the last, handing on the leg as a visit's act does.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {
    let queues = Queues()
    let stations = (0..<(visits?.stations ?? 0)).map { _ in
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      return queue
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let summary = BlockOperation { continuation.resume() }
      let dones = (0..<riders).map { DoneOperation(rider: $0) }
      queues.depend(summary, on: dones)
      queues.run.addOperation(summary)
      for done in dones {
        @Sendable func ride(_ left: Int) {
          let number = legs - left
          let next: @Sendable () -> Void = {
            guard left > 0 else { return queues.add(done, to: queues.run, as: .run) }
            let step = LegOperation(rider: done.rider, duration: leg) { _ in }
            step.then { ride(left - 1) }
            queues.add(step, to: queues.riders, as: .riders)
          }
          guard let visits else { return next() }
          let visit = Step(rider: done.rider, doing: "visit")
          visit.then {
            visits.count()
            next()
          }
          queues.add(
            visit, to: stations[visits.station(rider: done.rider, visit: number)], as: .stations)
        }
        ride(legs)
      }
    }
  }
}
