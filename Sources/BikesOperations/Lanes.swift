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
/// The lanes are kept from one run to the next (an explorer plays tens of
/// thousands), and given back when the run lets go of them.
final class Lanes: Sendable {
  private let shared: OperationQueue
  private let own: [Int: Lane]

  /// An operation queue on a serial queue of its own, kept alive here:
  /// corelibs holds `underlyingQueue` `unowned(unsafe)`.
  private struct Lane: @unchecked Sendable {
    // `@unchecked`: OperationQueue and DispatchQueue are thread-safe;
    // corelibs does not declare `OperationQueue` `Sendable`.
    let queue: OperationQueue
    let thread: DispatchQueue

    init() {
      thread = DispatchQueue(label: "lane")
      queue = OperationQueue()
      queue.name = "lane"
      queue.underlyingQueue = thread
    }
  }

  private static let idle = Locked<[Lane]>([])

  init(_ shared: OperationQueue, participants: [Int], probe: BlockingRaceProbe) {
    self.shared = shared
    guard probe.mayWaitForOthers else {
      own = [:]
      return
    }
    var own: [Int: Lane] = [:]
    for participant in participants {
      own[participant] = Self.idle.withLock { $0.popLast() } ?? Lane()
    }
    self.own = own
  }

  deinit {
    let lanes = Array(own.values)
    Self.idle.withLock { $0 += lanes }
  }

  /// The queue for `participant`'s operations.
  func queue(_ participant: Int) -> OperationQueue { own[participant]?.queue ?? shared }

  /// Every queue, `shared` first.
  var all: [OperationQueue] { [shared] + own.keys.sorted().compactMap { own[$0]?.queue } }
}
