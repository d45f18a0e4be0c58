import BikeShare
import Dispatch

/// The wait story (`--story wait`) in the era of completion handlers:
/// Rossio's bikes and line live on its serial queue, and a rider that
/// waits is a completion handler kept in the line, which a dock calls.
/// Racy: `look` is one block and `joinLine` another, so a dock's block can
/// run between them and wake nobody. Safe: `lookOrJoin` is one block that
/// takes a bike or keeps the completion in the line.
extension CallbacksEra {
  final class WaitingRossio: @unchecked Sendable {
    // Swift 6 opt-out: as the era's Station, the state is confined to
    // `queue`, which the compiler cannot see; `@OnQueue` checks it.
    private let queue = DispatchQueue(label: "station.rossio.wait")
    @OnQueue private var free: Int
    @OnQueue private var line: [(rider: Int, wake: @Sendable (WaitEnd) -> Void)]
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      _free = OnQueue(wrappedValue: stage.station.freeBikes, queue)
      _line = OnQueue(wrappedValue: [], queue)
    }

    private var counts: StationCounts {
      StationCounts(freeBikes: free, emptySlots: stage.station.capacity - free)
    }

    /// On the queue: takes a free bike if there is one.
    private func take(_ rider: Int) -> Bool {
      guard free > 0 else { return false }
      free -= 1
      stage.audit.observe(counts)
      stage.tookBike(rider, counts)
      return true
    }

    /// Racy: one block that looks; the answer comes on `replyQueue`.
    func look(
      _ rider: Int, replyQueue: DispatchQueue, completion: @escaping @Sendable (Bool) -> Void
    ) {
      queue.async { [self] in
        let took = take(rider)
        if !took { stage.sawNoBike(rider) }
        replyQueue.async { completion(took) }
      }
    }

    /// Racy: another block that keeps the completion in the line.
    func joinLine(
      _ rider: Int, replyQueue: DispatchQueue,
      completion: @escaping @Sendable (WaitEnd) -> Void
    ) {
      queue.async { [self] in
        line.append((rider, { end in replyQueue.async { completion(end) } }))
        stage.joinedLine(rider)
      }
    }

    /// Safe: one block that takes a bike, or keeps the completion in the
    /// line in the same block; `.handed` if the rider rides.
    func lookOrJoin(
      _ rider: Int, replyQueue: DispatchQueue,
      completion: @escaping @Sendable (WaitEnd) -> Void
    ) {
      queue.async { [self] in
        guard !take(rider) else { return replyQueue.async { completion(.handed) } }
        line.append((rider, { end in replyQueue.async { completion(end) } }))
        stage.joinedLine(rider)
      }
    }

    /// The van docks a bike: racy, into a dock, then calls the head of the
    /// line's completion; safe, hands it to the head of the line, or docks it.
    func dock(replyQueue: DispatchQueue, completion: @escaping @Sendable () -> Void) {
      queue.async { [self] in
        defer { replyQueue.async(execute: completion) }
        if stage.mode.isFix, !line.isEmpty {
          let head = line.removeFirst()
          stage.handed(head.rider)
          return head.wake(.handed)
        }
        free += 1
        stage.audit.observe(counts)
        stage.docked(counts)
        guard !line.isEmpty else { return }
        let head = line.removeFirst()
        stage.woken(head.rider)
        head.wake(.woken)
      }
    }

    /// The stage's call-off: each sleeper's completion, called once.
    func callOff(_ sleepers: [Int]) {
      queue.async { [self] in
        for rider in sleepers {
          guard let index = line.firstIndex(where: { $0.rider == rider }) else { continue }
          line.remove(at: index).wake(.calledOff)
        }
      }
    }

    func end(_ completion: @escaping @Sendable (StationCounts) -> Void) {
      queue.async { [self] in completion(counts) }
    }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff(rossio.callOff)
    let probe = stage.blockingProbe
    let all = DispatchGroup()
    for rider in stage.riders {
      // A serial queue of the rider's own: a probe may hold it.
      let lane = DispatchQueue(label: "rider.\(rider + 1)")
      all.enter()
      let done: @Sendable () -> Void = {
        stage.finished(rider)
        all.leave()
      }
      // The rider's visit, one block after another on its lane.
      @Sendable func look() {
        guard probe.pass(stage.look(rider)) else { return done() }
        guard !stage.mode.isFix else {
          return rossio.lookOrJoin(rider, replyQueue: lane) { _ in done() }
        }
        rossio.look(rider, replyQueue: lane) { took in
          guard !took else { return done() }
          guard probe.pass(stage.wait(rider)) else { return done() }
          rossio.joinLine(rider, replyQueue: lane) { end in
            end == .woken ? look() : done()
          }
        }
      }
      lane.async { look() }
    }
    let van = DispatchQueue(label: "van")
    all.enter()
    @Sendable func dock(_ left: Int) {
      guard left > 0, probe.pass(stage.dock) else {
        stage.vanLeft()
        return all.leave()
      }
      rossio.dock(replyQueue: van) { dock(left - 1) }
    }
    van.async { dock(stage.bikes) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [await withCheckedContinuation { done in rossio.end { done.resume(returning: $0) } }]
  }
}
