import BikeShare
import Foundation
import Synchronization

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
  private let state = Mutex(State())

  var isStopped: Bool { state.withLock { $0.stopped } }

  /// Starts taking Ctrl-C; `cancel()` the result once the children have run.
  func install() -> Signals.Observation {
    Signals.observe(SIGINT) { [self] in
      let child = state.withLock { state in
        state.stopped = true
        return state.child
      }
      if let child { Self.forward(to: child) }
    }
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
