import Dispatch

/// How the gate parks a rider and wakes it: a task's continuation or a
/// thread's semaphore, and whether it goes on.
extension ScriptedGate {
  /// A parked rider's wake-up: go on, or give up (the gate gave up on the run).
  final class Waiter: Sendable {
    private enum Kind: Sendable {
      case task(CheckedContinuation<Bool, Never>)
      case thread(DispatchSemaphore)
      /// Parked holding no thread: told on the thread that lets it go.
      case answer(@Sendable (Bool) -> Void)
    }
    private let kind: Kind
    private let answer = Locked(true)

    init(_ continuation: CheckedContinuation<Bool, Never>) { kind = .task(continuation) }
    init(_ semaphore: DispatchSemaphore) { kind = .thread(semaphore) }
    init(_ answer: @escaping @Sendable (Bool) -> Void) { kind = .answer(answer) }

    func resume(goOn: Bool) {
      switch kind {
      case .task(let continuation): continuation.resume(returning: goOn)
      case .thread(let semaphore):
        answer.withLock { $0 = goOn }
        semaphore.signal()
      case .answer(let answer): answer(goOn)
      }
    }

    /// The answer a thread was woken with.
    var goesOn: Bool { answer.withLock { $0 } }
  }

  /// Who to wake, and whether each goes on.
  typealias Wakes = [(waiter: Waiter, goOn: Bool)]

  struct Parked {
    let point: ProbePoint
    let station: Int
    let waiter: Waiter
  }
}
