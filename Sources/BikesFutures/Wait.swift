import BikeShare
import Dispatch

/// The wait story (`--story wait`) in the era of futures: each rider's
/// visit on a thread of its own, and Rossio's bikes and line on its serial
/// queue. A rider that waits holds a promise the station keeps in its line
/// (a future finished by hand, `byHand`), which a dock finishes. Racy:
/// `look()` is one future and `joinLine()` another, so a dock's future can
/// run between them and finish nobody's promise. Safe: `lookOrJoin()` is
/// one future that takes a bike or keeps the promise in the same work.
extension FuturesEra {
  final class WaitingRossio: @unchecked Sendable {
    // Swift 6 opt-out: as the era's Station, the state is confined to
    // `queue`, which the compiler cannot see; `@OnQueue` checks it.
    private let queue = DispatchQueue(label: "station.rossio.wait")
    /// A sleeper is the promise of how its wait ended (nil: the safe look
    /// took a bike at once, and the rider never slept).
    @OnQueue private var rossio: WaitingLine<Future<WaitEnd?, Never>>
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      let line = WaitingLine<Future<WaitEnd?, Never>>(stage) { promise, end in
        _ = promise.finish(end)
      }
      _rossio = OnQueue(wrappedValue: line, queue)
    }

    /// Racy: a future that reads the rider's call-off, then looks: true if
    /// the rider's visit is over (it took a bike, or stops).
    func look(_ rider: Int) -> Future<Bool, Never> {
      Future(on: queue) { [self] in
        if rossio.stops(rider) || rossio.take(rider) { return true }
        stage.sawNoBike(rider)
        return false
      }
    }

    /// Racy: another future, whose work keeps the rider's promise in the line.
    func joinLine(_ rider: Int) -> Future<WaitEnd?, Never> {
      .byHand { promise in
        queue.async { [self] in rossio.join(rider, promise) }
      }
    }

    /// Safe: one future whose work takes a bike or keeps the promise in
    /// the line; nil if the rider took a bike at once.
    func lookOrJoin(_ rider: Int) -> Future<WaitEnd?, Never> {
      .byHand { promise in
        queue.async { [self] in
          if rossio.stops(rider) {
            _ = promise.finish(.calledOff)
          } else if rossio.take(rider) {
            _ = promise.finish(nil)
          } else {
            rossio.join(rider, promise)
          }
        }
      }
    }

    /// After a wait: a future that reads the rider's call-off; true if it goes on.
    func read(_ rider: Int, after end: WaitEnd) -> Future<Bool, Never> {
      Future(on: queue) { [self] in rossio.read(rider, after: end) }
    }

    /// The van docks a bike: racy, into a dock, then finishes the head of
    /// the line's promise; safe, hands it to the head of the line, or docks it.
    func dock() -> Future<Void, Never> {
      Future(on: queue) { [self] in rossio.dock() }
    }

    /// A call-off: each of `riders` in the line leaves it, its promise finished once.
    func callOff(_ riders: [Int]) {
      queue.async { [self] in rossio.callOff(riders) }
    }

    func end() -> Future<StationCounts, Never> { Future(on: queue) { [self] in rossio.counts } }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff(rossio.callOff)
    let probe = stage.blockingProbe
    // Each rider's visit, and the van's round, on a thread of its own:
    // each waits for its futures, and a probe may hold it.
    var everyone = stage.riders.map { rider in
      Future<Void, Never>.onNewThread(reusing: probe.mayWaitForOthers) {
        defer { stage.finished(rider) }
        while probe.pass(stage.look(rider)) {
          if stage.mode.isFix {
            guard let end = rossio.lookOrJoin(rider).wait(), end == .handed else { return }
            // Chapter 09's rule: read the call-off after every wait, one that got the bike too.
            if let woke = stage.woke(rider), !probe.pass(woke) { return }
            _ = rossio.read(rider, after: end).wait()
            return
          }
          if rossio.look(rider).wait() { return }
          guard probe.pass(stage.wait(rider)) else { return }
          // Woken, the rider looks again, and reads its call-off as it looks.
          guard rossio.joinLine(rider).wait() == .woken else { return }
        }
      }
    }
    everyone.append(
      .onNewThread(reusing: probe.mayWaitForOthers) {
        for _ in 0..<stage.bikes {
          guard probe.pass(stage.dock) else { break }
          rossio.dock().wait()
        }
        stage.vanLeft()
      })
    for participant in everyone { await participant.value }
    return [await rossio.end().value]
  }
}
