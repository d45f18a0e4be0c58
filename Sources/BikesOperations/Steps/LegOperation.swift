import BikeShare
import Dispatch
import Foundation

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
  private enum Phase { case waiting, executing, finished }

  private let duration: Duration
  private let arrived: @Sendable (LegOperation) -> Void
  private let state = Locked<(phase: Phase, kind: NextStep.Leg?)>((.waiting, nil))

  /// - Parameter arrived: called when the leg is over (not if it is cancelled).
  init(rider: Int, duration: Duration, arrived: @escaping @Sendable (LegOperation) -> Void) {
    self.duration = duration
    self.arrived = arrived
    super.init(rider: rider, name: "rider \(rider + 1): leg")
  }

  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { state.withLock { $0.phase == .executing } }
  override var isFinished: Bool { state.withLock { $0.phase == .finished } }

  /// Normal or waiting: read from the take-or-leave step this leg depends on.
  var leg: NextStep.Leg? { state.withLock { $0.kind } }

  override func start() {
    guard begin() else { return finish() }
    let answer = dependency(TakeOrLeaveOperation.self)?.answer
    state.withLock { $0.kind = answer == .turnedAway ? .waiting : .normal }
    willChangeValue(forKey: "isExecuting")
    state.withLock { $0.phase = .executing }
    didChangeValue(forKey: "isExecuting")
    // A `cancel()` that came before `.executing` did not finish the leg: do it here.
    guard !isCancelled else { return finish() }
    let nanoseconds = Int(duration.seconds * 1e9)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
      [weak self] in
      guard let self, !self.isCancelled else { return }
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
    let wasExecuting = state.withLock { state -> Bool? in
      guard state.phase != .finished else { return nil }
      defer { state.phase = .finished }
      return state.phase == .executing
    }
    guard let wasExecuting else { return }  // finished already (timer and cancel can cross)
    if wasExecuting {
      willChangeValue(forKey: "isExecuting")
      didChangeValue(forKey: "isExecuting")
    }
    willChangeValue(forKey: "isFinished")
    didChangeValue(forKey: "isFinished")
    handOn()
  }
}
