import BikeShare
import Foundation
import Synchronization

/// The operation a stage ends with: it depends on the stage's steps and
/// hands back the stations' counts. It is queued before any of them is
/// queued, or with them in one `addOperations` call, never while they run.
final class EndOperation: WideningOperation, @unchecked Sendable {}

/// An operation queued with a dependency that may be finishing (a stage's
/// end, the order story's requests), with the test-only widening below.
///
/// Why it matters: on Linux, swift-corelibs-foundation can lose the wake-up of an
/// operation queued while its last dependency finishes
/// (`Sources/Foundation/Operation.swift` at `swift-6.3.1-RELEASE`).
/// `_addOperations` reads `isReady` (false) and caches it only after the
/// read; a dependency that finishes in between marks the operation ready
/// and finds no queue to schedule it on (`_adopt(queue:)` comes later);
/// the stale false then overwrites the cache, and `_schedule()` later sees
/// no unfinished dependency and corrects the cache (`retest`) without
/// scheduling it. The end never runs and the stage hangs: `stress --story
/// slot` hung in 4 of 12 processes of 10,000 runs before. Foundation alone
/// shows it: Scripts/experiments/operations-lost-wakeup.swift. The rule
/// the era keeps: an operation is queued before its last dependency can
/// finish (the end before the steps; a request with a ticket queued after
/// it, `Order.swift`).
///
/// Swift 6 opt-out: `Operation` subclasses are `@unchecked Sendable` in
/// Foundation; the one stored property here is atomic.
class WideningOperation: BlockOperation, @unchecked Sendable {
  /// Tests hold that window open (`BIKES_OPERATIONS_WIDEN=1`, read once): see
  /// `widenNextReadinessRead()`.
  static let widens = ProcessInfo.processInfo.environment["BIKES_OPERATIONS_WIDEN"] == "1"

  private let widening = Atomic(false)

  /// Tests: the next time the queue reads whether this operation is ready,
  /// every dependency that has started is let finish before the answer. An
  /// operation queued while its last dependency runs then loses its wake-up
  /// every time; one queued before it can finish does not notice.
  func widenNextReadinessRead() {
    if Self.widens { widening.store(true, ordering: .sequentiallyConsistent) }
  }

  override var isReady: Bool {
    let ready = super.isReady
    if widening.exchange(false, ordering: .sequentiallyConsistent) {
      for dependency in dependencies where dependency.isExecuting || dependency.isFinished {
        dependency.waitUntilFinished()
      }
    }
    return ready
  }
}
