import BikeShare
import Dispatch
import Foundation
import Synchronization

/// Riding or walking to the next station: an asynchronous operation. It
/// starts a timer and finishes when the timer fires, holding no thread in
/// between. When it ends, `arrived` plans the rider's next visit, and the
/// leg hands that visit's first step to its queue as it finishes.
///
/// An asynchronous operation keeps its own state and announces each change
/// with `willChangeValue`/`didChangeValue` ("isExecuting", "isFinished"): that
/// is how its queue learns it has finished and its dependents may start. On
/// Darwin those calls post key-value observing notifications that the queue
/// observes. swift-corelibs-foundation on Linux has no KVO: `willChangeValue`
/// does nothing and `didChangeValue` drives the queue's own state machine
/// (`Sources/Foundation/Operation.swift`). Calling both is right on both.
/// (`isAsynchronous` dates from iOS 7, 2013; before it, `isConcurrent`.)
final class LegOperation: Step, @unchecked Sendable {
  private enum Phase: UInt8, AtomicRepresentable { case waiting, executing, finished }

  private let duration: DispatchTimeInterval
  private let arrived: @Sendable (LegOperation) -> Void
  /// Read by the queue several times an operation: an atomic, not a lock.
  private let phase = Atomic(Phase.waiting)
  private let kind = Locked<NextStep.Leg?>(nil)

  /// - Parameter arrived: called when the leg is over (not if it is cancelled).
  init(rider: Int, duration: Duration, arrived: @escaping @Sendable (LegOperation) -> Void) {
    self.duration = duration.dispatchInterval
    self.arrived = arrived
    super.init(rider: rider, doing: "leg")
  }

  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { phase.load(ordering: .acquiring) == .executing }
  override var isFinished: Bool { phase.load(ordering: .acquiring) == .finished }

  /// Normal or waiting: read from the take-or-leave step this leg depends on.
  var leg: NextStep.Leg? { kind.withLock { $0 } }

  override func start() {
    guard begin() else { return finish() }
    let answer = dependency(TakeOrLeaveOperation.self)?.answer
    kind.withLock { $0 = answer == .turnedAway ? .waiting : .normal }
    willChangeValue(forKey: "isExecuting")
    phase.store(.executing, ordering: .releasing)
    didChangeValue(forKey: "isExecuting")
    // A `cancel()` that came before `.executing` did not finish the leg: do it here.
    guard !isCancelled else { return finish() }
    // The timer holds the leg until it fires (a leg's length at most); a
    // leg cancelled meanwhile has finished, and the timer does nothing.
    DispatchQueue.global().asyncAfter(deadline: .now() + duration) {
      guard !self.isCancelled else { return }
      self.arrived(self)
      self.finish()
    }
  }

  /// Cancelling a leg under way ends it now (Ctrl-C does not wait for the timer).
  override func cancel() {
    super.cancel()
    if isExecuting { finish() }
  }

  private func finish() {
    let was = phase.exchange(.finished, ordering: .acquiringAndReleasing)
    guard was != .finished else { return }  // finished already (timer and cancel can cross)
    if was == .executing {
      willChangeValue(forKey: "isExecuting")
      didChangeValue(forKey: "isExecuting")
    }
    willChangeValue(forKey: "isFinished")
    didChangeValue(forKey: "isFinished")
    handOn()
  }
}
