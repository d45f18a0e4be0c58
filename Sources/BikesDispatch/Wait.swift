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
    private let condition = NSCondition()
    /// Guarded by `condition` (its lock): the lesson's state, which the
    /// compiler cannot see is guarded. A rider's number stands for it in
    /// the line; `ended` says how its sleep ended.
    nonisolated(unsafe) private var rossio: WaitingLine<Int>
    nonisolated(unsafe) private var ended: [Int: WaitEnd] = [:]
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      rossio = WaitingLine(stage)
    }

    /// Takes a free bike if there is one (check and act under the lock).
    /// Safe: with none, joins the line in the same hold of the lock and
    /// waits. Returns true if the rider rides now; racy: false when it saw
    /// none.
    func look(_ rider: Int) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      if rossio.take(rider) { return true }
      guard stage.mode.isFix else {
        stage.sawNoBike(rider)
        return false
      }
      return sleepInLine(rider) == .handed
    }

    /// Racy: joins the line, a second hold of the lock, and waits; true if
    /// woken by a dock (look again), false if called off.
    func joinAndWait(_ rider: Int) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      return sleepInLine(rider) == .woken
    }

    /// Under the lock: joins the line and waits, `while` nothing has ended
    /// the wait (a wake-up can come for another rider, or for nobody).
    private func sleepInLine(_ rider: Int) -> WaitEnd {
      rossio.join(rider, rider)
      while ended[rider] == nil { condition.wait() }
      return ended.removeValue(forKey: rider)!
    }

    /// The van docks a bike: racy, into a dock, then wakes the head of the
    /// line; safe, hands it to the head of the line, or docks it.
    func dock() {
      condition.lock()
      defer { condition.unlock() }
      guard let (rider, end) = rossio.dock() else { return }
      ended[rider] = end
      condition.broadcast()
    }

    /// The stage's call-off: each sleeper leaves the line.
    func callOff(_ sleepers: [Int]) {
      condition.lock()
      defer { condition.unlock() }
      for rider in rossio.callOff(sleepers) { ended[rider] = .calledOff }
      condition.broadcast()
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
        Thread {
          defer {
            stage.finished(rider)
            all.leave()
          }
          while probe.pass(stage.look(rider)) {
            if rossio.look(rider) || stage.mode.isFix { return }
            guard probe.pass(stage.wait(rider)), rossio.joinAndWait(rider) else { return }
          }
        }.start()
      }
      all.enter()
      Thread {
        for _ in 0..<stage.bikes {
          guard probe.pass(stage.dock) else { break }
          rossio.dock()
        }
        stage.vanLeft()
        all.leave()
      }.start()
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [rossio.end]
  }
}
