import BikeShare
import Dispatch

/// `bikes-futures hazards wait-on-the-pool`: waiting for a condition (the
/// wait story, chapter 11) by blocking a pool thread in `wait()` on a
/// promise that work queued on the same pool keeps.
extension FuturesEra {
  static let waitOnThePool = Hazard(
    name: "wait-on-the-pool",
    what: "2 riders on a 2-thread pool wait() on promises kept in Rossio's line; the van docks"
      + " on the same pool",
    rule: "never block a thread someone needs: continue with whenFinished, do not wait()",
    broken: "each rider wait()s on its promise", expect: .noProgress,
    fix: "each rider continues with whenFinished",
    .blocking { fixed, watch in
      let pool = Pool(threads: 2, watch: watch)
      let rossio = PromiseLine()
      let rode = Locked(0)
      let riders = DispatchGroup()
      for _ in 0..<2 {
        riders.enter()
        pool.run {
          let bike = rossio.lookOrJoin()
          let ride: @Sendable () -> Void = {
            rode.withLock { $0 += 1 }
            watch.progress()
            riders.leave()
          }
          guard fixed else {
            pool.blocked(+1)
            bike.wait()  // the bug: the van's dock needs this thread
            pool.blocked(-1)
            return ride()
          }
          bike.whenFinished { _ in ride() }
        }
      }
      pool.run { rossio.dock(2) }
      pool.start()
      riders.wait()
      return HazardFinish("\(rode.withLock { $0 }) of 2 riders rode")
    })
}

/// Rossio's free bikes and its line of promises, one lock for both: a
/// rider looks and joins in one step.
private final class PromiseLine: Sendable {
  private let state = Locked<(free: Int, line: [Future<Void, Never>])>((0, []))

  /// A promise of a bike: kept now if one is free, else when the van docks one.
  func lookOrJoin() -> Future<Void, Never> {
    let promise = Future<Void, Never>.byHand { _ in }
    let now = state.withLock { state -> Bool in
      guard state.free == 0 else {
        state.free -= 1
        return true
      }
      state.line.append(promise)
      return false
    }
    if now { _ = promise.finish(()) }
    return promise
  }

  /// `count` bikes, each to the head of the line, or into a dock.
  func dock(_ count: Int) {
    let kept = state.withLock { state -> [Future<Void, Never>] in
      var kept: [Future<Void, Never>] = []
      for _ in 0..<count {
        if state.line.isEmpty { state.free += 1 } else { kept.append(state.line.removeFirst()) }
      }
      return kept
    }
    for promise in kept { _ = promise.finish(()) }
  }
}
