import BikeShare
import Dispatch
import Foundation
import Synchronization

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
          // Two operations a pair, as a take and a leave make; each adds
          // the next from its block, the least a handing on can be.
          @Sendable func step(_ left: Int, first: Bool) {
            if first { guard stop.goOn(left) else { return done() } }
            station.addOperation {
              if first { step(left, first: false) } else { step(left - 1, first: true) }
            }
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

  /// The floor: the fastest way to wait with operations. Each rider a
  /// chain of bare asynchronous operations on one queue (the run's riders
  /// queue), each a timer that adds the rider's next as it fires; then an
  /// empty final operation on the run's queue, and one summary that depends
  /// on every final operation through crews, as a run's does. Not the run's
  /// `LegOperation`: that is a leg of a journey too (it honours
  /// cancellation, reads its visit's answer, lets tests watch it), which a
  /// floor does not need; what that costs is the run's, and the bench says
  /// how much. The second floor adds an empty block operation on a
  /// station's queue (of width one) before each leg and after the last,
  /// whose block adds the leg, as a visit's act hands on its leg.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {
    let queues = Queues()
    let stations = (0..<(visits?.stations ?? 0)).map { _ in
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      return queue
    }
    let interval = leg.dispatchInterval
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let summary = BlockOperation { continuation.resume() }
      let finals = (0..<riders).map { _ in BlockOperation {} }
      queues.depend(summary, on: finals)
      queues.run.addOperation(summary)
      for (rider, final) in finals.enumerated() {
        @Sendable func ride(_ left: Int) {
          let next: @Sendable () -> Void = {
            guard left > 0 else { return queues.run.addOperation(final) }
            queues.riders.addOperation(FloorLeg(interval) { ride(left - 1) })
          }
          guard let visits else { return next() }
          stations[visits.station(rider: rider, visit: legs - left)].addOperation {
            visits.count()
            next()
          }
        }
        ride(legs)
      }
    }
  }
}

/// The least an asynchronous operation is: it starts a timer and finishes
/// when the timer fires, calling `then` first (the floor's leg).
private final class FloorLeg: Operation, @unchecked Sendable {
  private enum Phase: UInt8, AtomicRepresentable { case waiting, executing, finished }

  private let interval: DispatchTimeInterval
  private let then: @Sendable () -> Void
  private let phase = Atomic(Phase.waiting)

  init(_ interval: DispatchTimeInterval, then: @escaping @Sendable () -> Void) {
    self.interval = interval
    self.then = then
  }

  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { phase.load(ordering: .acquiring) == .executing }
  override var isFinished: Bool { phase.load(ordering: .acquiring) == .finished }

  override func start() {
    willChangeValue(forKey: "isExecuting")
    phase.store(.executing, ordering: .releasing)
    didChangeValue(forKey: "isExecuting")
    DispatchQueue.global().asyncAfter(deadline: .now() + interval) {
      self.then()
      self.willChangeValue(forKey: "isExecuting")
      self.willChangeValue(forKey: "isFinished")
      self.phase.store(.finished, ordering: .releasing)
      self.didChangeValue(forKey: "isExecuting")
      self.didChangeValue(forKey: "isFinished")
    }
  }
}
