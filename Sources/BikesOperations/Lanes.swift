import BikeShare
import Foundation

/// Where a participant's operations that may park at a probe run. On the
/// real runtime, in the queue the era's code names (`shared`). Under a
/// probe that may hold a participant until another has moved (the
/// explorer's and the replay's gate), each participant gets an operation
/// queue of its own, on a serial `DispatchQueue` of its own: libdispatch
/// starts a thread for a serial queue's work when it has none free (its
/// overcommit pool), whereas a concurrent queue's operations take threads
/// from a pool of one a core, which on Linux grows by about one thread a
/// second while its threads are blocked (swift-corelibs-libdispatch). A
/// parked participant then never holds a thread another one needs, and no
/// schedule waits for the pool to grow. The order of one participant's
/// operations is the same either way: each depends on the one before.
final class Lanes: Sendable {
  private let shared: OperationQueue
  private let own: [Int: OperationQueue]
  /// Kept alive here: corelibs holds `underlyingQueue` `unowned(unsafe)`.
  private let threads: [DispatchQueue]

  init(_ shared: OperationQueue, participants: [Int], probe: BlockingRaceProbe) {
    self.shared = shared
    guard probe.mayWaitForOthers else {
      (own, threads) = ([:], [])
      return
    }
    var own: [Int: OperationQueue] = [:]
    var threads: [DispatchQueue] = []
    for participant in participants {
      let thread = DispatchQueue(label: "\(shared.name ?? "operations") \(participant)")
      let queue = OperationQueue()
      queue.name = thread.label
      queue.underlyingQueue = thread
      own[participant] = queue
      threads.append(thread)
    }
    (self.own, self.threads) = (own, threads)
  }

  /// The queue for `participant`'s operations.
  func queue(_ participant: Int) -> OperationQueue { own[participant] ?? shared }

  /// Every queue, `shared` first.
  var all: [OperationQueue] { [shared] + own.keys.sorted().compactMap { own[$0] } }
}
