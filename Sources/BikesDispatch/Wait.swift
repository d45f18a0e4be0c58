import BikeShare
import Foundation

/// The wait story (`--story wait`) in the era of threads and locks: a
/// thread for each rider and one for the van, and Rossio's bikes and line
/// under one `NSCondition` (a lock and the condition to wait on). Racy:
/// the rider checks under the lock, lets go, then takes the lock again to
/// join the line and wait: a dock in between wakes nobody. Safe: one
/// `lock()`, and a `while` loop around `wait()` that checks and joins
/// under it.
extension DispatchEra {
  final class WaitingRossio: Sendable {
    /// A rider asleep in the line: how its sleep ended, once it has.
    /// Guarded by the condition's lock, which the compiler cannot see.
    final class Bed: @unchecked Sendable {
      var end: WaitEnd?
    }

    private let condition: NSCondition
    /// Guarded by `condition` (its lock): the lesson's state, which the
    /// compiler cannot see is guarded.
    nonisolated(unsafe) private var rossio: WaitingLine<Bed>
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      let condition = NSCondition()
      self.condition = condition
      // A sleeper is resumed under the lock: its bed says how, and every
      // waiter wakes to look at its own.
      rossio = WaitingLine(stage) { bed, end in
        bed.end = end
        condition.broadcast()
      }
    }

    /// Racy: reads the rider's call-off, then takes a free bike if there is
    /// one (check and act under the lock); false when the rider saw none.
    func look(_ rider: Int) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      if rossio.stops(rider) || rossio.take(rider) { return true }
      stage.sawNoBike(rider)
      return false
    }

    /// Racy: joins the line, a second hold of the lock, and waits.
    func joinAndWait(_ rider: Int) -> WaitEnd {
      condition.lock()
      defer { condition.unlock() }
      return sleepInLine(rider)
    }

    /// Safe: reads the rider's call-off, takes a free bike, or joins the
    /// line in the same hold of the lock and waits; nil if the rider took a
    /// bike at once.
    func lookOrWait(_ rider: Int) -> WaitEnd? {
      condition.lock()
      defer { condition.unlock() }
      if rossio.stops(rider) { return .calledOff }
      if rossio.take(rider) { return nil }
      return sleepInLine(rider)
    }

    /// Under the lock: joins the line and waits until its bed says how its
    /// wait ended.
    private func sleepInLine(_ rider: Int) -> WaitEnd {
      let bed = Bed()
      rossio.join(rider, bed)
      while bed.end == nil { condition.wait() }
      return bed.end!
    }

    /// After a wait: reads the rider's call-off; true if it goes on.
    func read(_ rider: Int, after end: WaitEnd) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      return rossio.read(rider, after: end)
    }

    /// The van docks a bike: racy, into a dock, then wakes the head of the
    /// line; safe, hands it to the head of the line, or docks it.
    func dock() {
      condition.lock()
      defer { condition.unlock() }
      rossio.dock()
    }

    /// A call-off: each of `riders` in the line leaves it.
    func callOff(_ riders: [Int]) {
      condition.lock()
      defer { condition.unlock() }
      rossio.callOff(riders)
    }

    var end: StationCounts {
      condition.lock()
      defer { condition.unlock() }
      return rossio.counts
    }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff(rossio.callOff)
    let probe = stage.blockingProbe
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let all = DispatchGroup()
      for rider in stage.riders {
        all.enter()
        // A thread of its own (under the gate, one kept from the run before).
        Stage.onAThread(reusing: probe.mayWaitForOthers) {
          defer {
            stage.finished(rider)
            all.leave()
          }
          while probe.pass(stage.look(rider)) {
            if stage.mode.isFix {
              guard let end = rossio.lookOrWait(rider), end == .handed else { return }
              // Chapter 09's rule: read the call-off after every wait, one that got the bike too.
              if let woke = stage.woke(rider), !probe.pass(woke) { return }
              _ = rossio.read(rider, after: end)
              return
            }
            if rossio.look(rider) { return }
            guard probe.pass(stage.wait(rider)) else { return }
            // Woken, the rider looks again, and reads its call-off as it looks.
            guard rossio.joinAndWait(rider) == .woken else { return }
          }
        }
      }
      all.enter()
      Stage.onAThread(reusing: probe.mayWaitForOthers) {
        for _ in 0..<stage.bikes {
          guard probe.pass(stage.dock) else { break }
          rossio.dock()
        }
        stage.vanLeft()
        all.leave()
      }
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [rossio.end]
  }
}
