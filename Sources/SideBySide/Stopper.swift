import BikeShare
import Foundation

/// Ctrl-C for the runner. The era that is running must stop and print its
/// partial report, so the signal has to reach it exactly once: on Linux,
/// Foundation's `Process` starts each child in a process group of its own
/// (the terminal's Ctrl-C reaches only the runner, which passes it on); on
/// macOS the child shares the runner's group and gets it from the terminal.
final class Stopper: Sendable {
  private struct State {
    var child: pid_t?
    var stopped = false
  }
  private let state = Locked(State())

  var isStopped: Bool { state.withLock { $0.stopped } }

  /// Starts taking Ctrl-C, and the signals that end the runner (`kill`,
  /// `timeout`, a closed terminal); `cancel()` each result once the children
  /// have run.
  func install() -> [Signals.Observation] {
    let interrupt = Signals.observe(SIGINT) { [self] in
      let child = state.withLock { state in
        state.stopped = true
        return state.child
      }
      if let child { Self.forward(to: child) }
    }
    // The runner must not leave its era running: pass the signal on, then
    // end as the signal ends a process. (A SIGKILL cannot be caught: the
    // era notices its runner has gone, `Runner.endWithItsRunner()`.)
    let endings = [SIGTERM, SIGHUP].map { signal in
      Signals.observe(signal) { [self] in
        if let child = state.withLock({ $0.child }) { kill(child, signal) }
        _ = Foundation.signal(signal, SIG_DFL)
        raise(signal)
      }
    }
    return [interrupt] + endings
  }

  /// Registers the running child; a Ctrl-C that came while it was starting is passed on now.
  func started(_ child: pid_t) {
    let stoppedAlready = state.withLock { state in
      state.child = child
      return state.stopped
    }
    if stoppedAlready { Self.forward(to: child) }
  }

  func ended() { state.withLock { $0.child = nil } }

  /// The child was stopped from elsewhere: run no more eras.
  func stop() { state.withLock { $0.stopped = true } }

  private static func forward(to child: pid_t) {
    if getpgid(child) != getpgrp() { kill(child, SIGINT) }
  }
}
