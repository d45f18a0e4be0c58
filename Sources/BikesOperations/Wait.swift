import BikeShare
import Foundation

/// The wait story (`--story wait`) in the era of operations: Rossio's
/// bikes and line belong to its serial operation queue, and a rider that
/// waits is an asynchronous operation (`Wake`) kept in the line, holding no
/// thread, which a dock finishes; the rider's next step depends on it.
/// Racy: the look is one operation and joining the line another, so a
/// dock's operation can run between them and finish nobody's. Safe: one
/// operation takes a bike or registers the rider's `Wake` in the line.
///
/// The riders' and the van's steps go to one queue. A step that stops at
/// a probe holds no thread while it waits: the probe's answer queues what
/// comes next.
///
/// corelibs loses the wake-up of an operation queued while its last
/// dependency finishes (`EndOperation`): every step here is queued before
/// the operation it depends on, which cannot finish before it is queued.
extension OperationsEra {
  /// A rider asleep in the line: finished by a dock, or by the call-off.
  /// Its queue starts it (it holds no thread: it only says it executes);
  /// a finish that comes before the start is kept, and the start finishes
  /// it (an operation must not finish before its queue has started it).
  final class Wake: Operation, @unchecked Sendable {
    // Swift 6: an `Operation` subclass restates Foundation's promise; its
    // state is behind a lock.
    private enum Phase { case waiting, executing, finished }
    private let state = Locked<(phase: Phase, end: WaitEnd?)>((.waiting, nil))
    let rider: Int

    init(rider: Int) { self.rider = rider }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { state.withLock { $0.phase == .executing } }
    override var isFinished: Bool { state.withLock { $0.phase == .finished } }
    /// How the sleep ended, once finished.
    var end: WaitEnd? { state.withLock { $0.end } }

    override func start() {
      willChangeValue(forKey: "isExecuting")
      let ended = state.withLock { state -> Bool in
        state.phase = .executing
        return state.end != nil
      }
      didChangeValue(forKey: "isExecuting")
      if ended { complete() }
    }

    /// Ends the sleep, once: now if the queue has started it, else at its start.
    func finish(_ end: WaitEnd) {
      let started = state.withLock { state -> Bool in
        state.end = state.end ?? end
        return state.phase == .executing
      }
      if started { complete() }
    }

    private func complete() {
      let was = state.withLock { state -> Phase in
        defer { state.phase = .finished }
        return state.phase
      }
      guard was == .executing else { return }
      willChangeValue(forKey: "isExecuting")
      didChangeValue(forKey: "isExecuting")
      willChangeValue(forKey: "isFinished")
      didChangeValue(forKey: "isFinished")
    }
  }

  final class WaitingRossio: @unchecked Sendable {
    // Swift 6 opt-out: as the era's Station, the state belongs to `queue`
    // (one operation at a time), which the compiler cannot see.
    let queue = OperationQueue()
    private var rossio: WaitingLine<Wake>
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      rossio = WaitingLine(stage) { wake, end in wake.finish(end) }
      queue.name = "station Rossio (wait)"
      queue.maxConcurrentOperationCount = 1
    }

    /// On the queue: reads the rider's call-off; true if it stops.
    func stops(_ rider: Int) -> Bool { rossio.stops(rider) }

    /// On the queue: takes a free bike if there is one.
    func take(_ rider: Int) -> Bool { rossio.take(rider) }

    /// On the queue: racy, the rider saw none; safe, it joins in the same operation.
    func sawNone(_ rider: Int) { stage.sawNoBike(rider) }

    /// On the queue: keeps `wake` in the line.
    func join(_ wake: Wake) { rossio.join(wake.rider, wake) }

    /// On the queue: after a wait, reads the rider's call-off; true if it goes on.
    func read(_ rider: Int, after end: WaitEnd) -> Bool { rossio.read(rider, after: end) }

    /// On the queue: the van docks a bike: racy, into a dock, then finishes
    /// the head of the line's `Wake`; safe, hands it to the head, or docks it.
    func dock() { rossio.dock() }

    /// A call-off: an operation in which each of `riders` in the line
    /// leaves it, its `Wake` finished once.
    func callOff(_ riders: [Int]) {
      queue.addOperation { [self] in rossio.callOff(riders) }
    }

    /// Once every operation has finished.
    var end: StationCounts { rossio.counts }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff(rossio.callOff)
    let probe = stage.blockingProbe
    let steps = OperationQueue()
    steps.name = "riders and van"
    let all = DispatchGroup()
    /// `next` runs after `first` on the station's queue; `next`, one of a
    /// rider's or the van's steps, is queued first.
    @Sendable func station(_ first: @escaping @Sendable () -> Void, then next: BlockOperation) {
      let work = BlockOperation(block: first)
      next.addDependency(work)
      steps.addOperation(next)
      rossio.queue.addOperation(work)
    }
    for rider in stage.riders {
      all.enter()
      let done: @Sendable () -> Void = {
        stage.finished(rider)
        all.leave()
      }
      /// The rider's turn at `look`, an operation that may start the next.
      /// A probe holds no thread: its answer (on whichever thread lets the
      /// rider go) only queues the rider's next operations.
      @Sendable func look() -> BlockOperation {
        BlockOperation {
          probe.pass(stage.look(rider)) { goOn in
            guard goOn else { return done() }
            let wake = Wake(rider: rider)
            // The look's answer: the visit is over (a bike taken, or the call-off read).
            let over = Locked(false)
            guard stage.mode.isFix else {
              // Racy: a second operation joins the line. Woken, the rider
              // looks again, and reads its call-off as it looks.
              let joinLine = BlockOperation {
                if over.withLock({ $0 }) { return done() }
                probe.pass(stage.wait(rider)) { goOn in
                  guard goOn else { return done() }
                  let again = BlockOperation {
                    wake.end == .woken ? steps.addOperation(look()) : done()
                  }
                  again.addDependency(wake)
                  steps.addOperation(again)
                  steps.addOperation(wake)
                  rossio.queue.addOperation { rossio.join(wake) }
                }
              }
              return station(
                {
                  over.withLock { $0 = rossio.stops(rider) || rossio.take(rider) }
                  if !over.withLock({ $0 }) { rossio.sawNone(rider) }
                }, then: joinLine)
            }
            // Safe: one operation reads the call-off, takes the bike or registers the wake.
            let after = BlockOperation {
              if over.withLock({ $0 }) || wake.end != .handed { return done() }
              steps.addOperation(handed(wake))
            }
            after.addDependency(wake)
            steps.addOperation(wake)
            station(
              {
                if rossio.stops(rider) {
                  wake.finish(.calledOff)
                } else if rossio.take(rider) {
                  over.withLock { $0 = true }
                  wake.finish(.handed)
                } else {
                  rossio.join(wake)
                }
              }, then: after)
          }
        }
      }
      /// Once the rider was handed the bike. Chapter 09's rule: read the
      /// call-off after every wait, one that got the bike too.
      @Sendable func handed(_ wake: Wake) -> BlockOperation {
        BlockOperation {
          let read: @Sendable () -> Void = {
            station({ _ = rossio.read(rider, after: .handed) }, then: BlockOperation(block: done))
          }
          guard let stop = stage.woke(rider) else { return read() }
          probe.pass(stop) { goOn in goOn ? read() : done() }
        }
      }
      steps.addOperation(look())
    }
    all.enter()
    let vanLeft: @Sendable () -> Void = {
      stage.vanLeft()
      all.leave()
    }
    @Sendable func dock(_ left: Int) -> BlockOperation {
      BlockOperation {
        guard left > 0 else { return vanLeft() }
        probe.pass(stage.dock) { goOn in
          guard goOn else { return vanLeft() }
          station({ rossio.dock() }, then: dock(left - 1))
        }
      }
    }
    steps.addOperation(dock(stage.bikes))
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [rossio.end]
  }
}
