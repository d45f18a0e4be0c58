import Foundation

/// Threads kept from one run to the next, for the gate. Under the gate each
/// held participant of a blocking era needs a thread of its own, and the
/// explorer plays tens of thousands of runs of a few participants each:
/// starting a thread and letting it end (its stack mapped and unmapped, the
/// kernel's new task) costs more than handing the work to a thread that
/// waits for it. On the real runtime the eras start their threads as their
/// code says; only a caller under the gate (`BlockingRaceProbe.mayWaitForOthers`)
/// takes one from here.
public final class ThreadCache: Sendable {
  public static let shared = ThreadCache()

  private let idle = Locked<[Worker]>([])

  /// A thread that runs one piece of work at a time, then waits for the next.
  private final class Worker: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let work = Locked<(@Sendable () -> Void)?>(nil)

    func give(_ body: @escaping @Sendable () -> Void) {
      work.withLock { $0 = body }
      semaphore.signal()
    }

    func loop(_ cache: ThreadCache) -> Never {
      while true {
        semaphore.wait()
        work.withLock { $0.take() }?()
        cache.idle.withLock { $0.append(self) }
      }
    }
  }

  /// Kept threads waiting for work (the tests).
  var idleCount: Int { idle.withLock(\.count) }

  /// Runs `body` on a thread of its own: an idle kept one, or a new one,
  /// kept once `body` returns.
  public func run(_ body: @escaping @Sendable () -> Void) {
    if let worker = idle.withLock({ $0.popLast() }) { return worker.give(body) }
    let worker = Worker()
    worker.give(body)
    Thread { [self] in worker.loop(self) }.start()
  }
}

extension Stage {
  /// Runs `body` on a thread of its own: a new `Thread`, or with `reusing`
  /// (under the gate) one kept from an earlier run (`ThreadCache`).
  public static func onAThread(reusing: Bool, _ body: @escaping @Sendable () -> Void) {
    if reusing { ThreadCache.shared.run(body) } else { Thread(block: body).start() }
  }
}
