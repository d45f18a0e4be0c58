import BikeShare
import Dispatch

/// The wait story (`--story wait`) in the era of completion handlers:
/// Rossio's bikes and line live on its serial queue, and a rider that
/// waits is a completion handler kept in the line, which a dock calls.
/// Racy: `look` is one block and `joinLine` another, so a dock's block can
/// run between them and wake nobody. Safe: `lookOrJoin` is one block that
/// takes a bike or keeps the completion in the line.
///
/// Rossio's queue, the riders' and the van's are serial queues that share
/// the global queue's threads (`target: .global()`): on Linux a serial
/// queue of its own is "overcommit" (swift-corelibs-libdispatch,
/// `src/queue.c`: "Serial queues default to overcommit!"), and each hop to
/// one wakes a thread of its own. A probe holds no queue here (its answer
/// sends the rider's next request), so nothing ever blocks a shared thread.
extension CallbacksEra {
  final class WaitingRossio: @unchecked Sendable {
    // Swift 6 opt-out: as the era's Station, the state is confined to
    // `queue`, which the compiler cannot see; `@OnQueue` checks it.
    private let queue = DispatchQueue(label: "station.rossio.wait", target: .global())
    @OnQueue private var rossio: WaitingLine<@Sendable (WaitEnd) -> Void>
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      _rossio = OnQueue(wrappedValue: WaitingLine(stage) { wake, end in wake(end) }, queue)
    }

    /// Racy: one block that reads the rider's call-off, then looks; the
    /// answer (true: the visit is over, it took a bike or stops) comes on
    /// `replyQueue`.
    func look(
      _ rider: Int, replyQueue: DispatchQueue, completion: @escaping @Sendable (Bool) -> Void
    ) {
      queue.async { [self] in
        let over = rossio.stops(rider) || rossio.take(rider)
        if !over { stage.sawNoBike(rider) }
        replyQueue.async { completion(over) }
      }
    }

    /// Racy: another block that keeps the completion in the line.
    func joinLine(
      _ rider: Int, replyQueue: DispatchQueue,
      completion: @escaping @Sendable (WaitEnd) -> Void
    ) {
      queue.async { [self] in
        rossio.join(rider) { end in replyQueue.async { completion(end) } }
      }
    }

    /// Safe: one block that takes a bike, or keeps the completion in the
    /// line in the same block; nil if the rider took a bike at once.
    func lookOrJoin(
      _ rider: Int, replyQueue: DispatchQueue,
      completion: @escaping @Sendable (WaitEnd?) -> Void
    ) {
      queue.async { [self] in
        if rossio.stops(rider) { return replyQueue.async { completion(.calledOff) } }
        guard !rossio.take(rider) else { return replyQueue.async { completion(nil) } }
        rossio.join(rider) { end in replyQueue.async { completion(end) } }
      }
    }

    /// After a wait: a block that reads the rider's call-off; true if it goes on.
    func read(
      _ rider: Int, after end: WaitEnd, replyQueue: DispatchQueue,
      completion: @escaping @Sendable (Bool) -> Void
    ) {
      queue.async { [self] in
        let goesOn = rossio.read(rider, after: end)
        replyQueue.async { completion(goesOn) }
      }
    }

    /// The van docks a bike: racy, into a dock, then calls the head of the
    /// line's completion; safe, hands it to the head of the line, or docks it.
    func dock(replyQueue: DispatchQueue, completion: @escaping @Sendable () -> Void) {
      queue.async { [self] in
        rossio.dock()
        replyQueue.async(execute: completion)
      }
    }

    /// A call-off: a block in which each of `riders` in the line leaves it,
    /// its completion called once.
    func callOff(_ riders: [Int]) {
      queue.async { [self] in rossio.callOff(riders) }
    }

    func end(_ completion: @escaping @Sendable (StationCounts) -> Void) {
      queue.async { [self] in completion(rossio.counts) }
    }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff(rossio.callOff)
    let probe = stage.blockingProbe
    let all = DispatchGroup()
    for rider in stage.riders {
      // A serial queue of the rider's own, where Rossio's replies come.
      let lane = DispatchQueue(label: "rider.\(rider + 1)", target: .global())
      all.enter()
      let done: @Sendable () -> Void = {
        stage.finished(rider)
        all.leave()
      }
      // The rider's visit, one completion after another. A probe holds no
      // queue: its answer (on whichever thread lets the rider go) only
      // sends the rider's next request to Rossio.
      @Sendable func look() {
        probe.pass(stage.look(rider)) { goOn in
          guard goOn else { return done() }
          guard !stage.mode.isFix else {
            return rossio.lookOrJoin(rider, replyQueue: lane) { end in
              guard let end, end == .handed else { return done() }
              handed(end)
            }
          }
          rossio.look(rider, replyQueue: lane) { over in
            guard !over else { return done() }
            probe.pass(stage.wait(rider)) { goOn in
              guard goOn else { return done() }
              // Woken, the rider looks again, and reads its call-off as it looks.
              rossio.joinLine(rider, replyQueue: lane) { end in end == .woken ? look() : done() }
            }
          }
        }
      }
      // Chapter 09's rule: read the call-off after every wait, one that got the bike too.
      @Sendable func handed(_ end: WaitEnd) {
        let read: @Sendable () -> Void = {
          rossio.read(rider, after: end, replyQueue: lane) { _ in done() }
        }
        guard let stop = stage.woke(rider) else { return read() }
        probe.pass(stop) { goOn in goOn ? read() : done() }
      }
      lane.async { look() }
    }
    let van = DispatchQueue(label: "van", target: .global())
    all.enter()
    let vanLeft: @Sendable () -> Void = {
      stage.vanLeft()
      all.leave()
    }
    @Sendable func dock(_ left: Int) {
      guard left > 0 else { return vanLeft() }
      probe.pass(stage.dock) { goOn in
        guard goOn else { return vanLeft() }
        rossio.dock(replyQueue: van) { dock(left - 1) }
      }
    }
    van.async { dock(stage.bikes) }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [await withCheckedContinuation { done in rossio.end { done.resume(returning: $0) } }]
  }
}
