import Foundation
import Synchronization

/// Ctrl-C handling for the executables: the first SIGINT pulls the stop
/// switch (the run ends cleanly and prints a partial report), a second one
/// quits at once.
public enum Interrupt {
  /// Starts handling Ctrl-C for this run; `cancel()` the result when the run is over.
  public static func install(_ stop: StopSwitch) -> Signals.Observation {
    Signals.observe(SIGINT) {
      if stop.isStopped {
        Console.error("stopped again: quitting without a report")
        exit(ExitCode.interrupted)
      }
      Console.error("stopping: Ctrl-C again to quit at once")
      stop.stop()
    }
  }
}

/// Signals of the process passed to Swift closures, on a thread of their own.
///
/// Not a `DispatchSource`: Dispatch registers a signal source asynchronously,
/// so a SIGINT that comes soon after `resume()` finds the signal still ignored
/// and is dropped (on Linux, a Ctrl-C sent the moment an era printed its first
/// line was lost about once in a hundred runs, and the run went on for its
/// full length). Here `observe` installs a plain C handler before it returns. The
/// handler only writes the signal's number to a pipe (async-signal-safe), on
/// whichever thread took the signal; the relay thread reads it and calls the
/// closure.
public enum Signals {
  /// A closure receiving a signal until `cancel()`.
  public struct Observation: Sendable {
    fileprivate let signal: Int32
    fileprivate let id: Int

    /// Stops the closure; if no later `observe` took the signal over, it gets
    /// its default effect again (SIGINT ends the process).
    public func cancel() {
      relay?.current.withLock { current in
        guard current[signal]?.id == id else { return }
        current[signal] = nil
        _ = Foundation.signal(signal, SIG_DFL)
      }
    }
  }

  /// Sends `signal` to `handler` from the moment this returns until the result
  /// is cancelled. A later `observe` of the same signal takes over.
  public static func observe(_ signal: Int32, _ handler: @escaping @Sendable () -> Void)
    -> Observation
  {
    let id = nextID.add(1, ordering: .relaxed).newValue
    // No pipe (out of file descriptors): the signal keeps its default effect.
    relay?.current.withLock { current in
      current[signal] = (id, handler)
      _ = Foundation.signal(signal, relaySignal)
    }
    return Observation(signal: signal, id: id)
  }

  private static let nextID = Atomic<Int>(0)
}

/// The C handler. Signal context: touch nothing but the pipe, and leave errno as it was.
private func relaySignal(_ signal: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  if let writeEnd = signalPipe?.write { _ = write(writeEnd, &byte, 1) }
  errno = saved
}

/// From the C handler to the relay thread; made before any handler is installed.
private let signalPipe: (read: Int32, write: Int32)? = {
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { return nil }
  for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // not for era children
  return (ends[0], ends[1])
}()

private final class Relay: Sendable {
  let current = Locked<[Int32: (id: Int, handler: @Sendable () -> Void)]>([:])

  /// Runs forever on its own thread: each byte in the pipe is one signal.
  func pass(from readEnd: Int32) {
    // Threads started from Dispatch's pool block every signal; this one blocks
    // none, so a relayed signal always has a thread to land on.
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
    var byte: UInt8 = 0
    while true {
      let count = read(readEnd, &byte, 1)
      if count == 1 {
        current.withLock { $0[Int32(byte)]?.handler }?()
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

/// The process's one relay, started on first use.
private let relay: Relay? = {
  guard let readEnd = signalPipe?.read else { return nil }
  let relay = Relay()
  Thread.detachNewThread { relay.pass(from: readEnd) }
  return relay
}()
