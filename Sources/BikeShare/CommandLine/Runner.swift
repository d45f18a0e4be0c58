import Foundation

/// An era run by `bikes-side-by-side` ends when its runner does, however
/// the runner ended: the runner passes on the signals it can catch, and for
/// the one it cannot (SIGKILL) the era watches for its parent to change.
public enum Runner {
  /// Set by the runner in each era's environment: the runner's process id.
  public static let variable = "BIKES_SIDE_BY_SIDE_PID"

  /// Call once at start: if a runner started this process, exit (status 1,
  /// no report: nobody is left to read it) within half a second of the
  /// runner's end.
  public static func endWithItsRunner() {
    guard let text = ProcessInfo.processInfo.environment[variable], let runner = pid_t(text)
    else { return }
    if getppid() != runner { exit(1) }
    watcher.withLock { watcher in
      let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
      timer.schedule(deadline: .now() + 0.5, repeating: 0.5, leeway: .milliseconds(100))
      timer.setEventHandler {
        // An orphan is adopted by another process: its parent id changes.
        if getppid() != runner { _exit(1) }
      }
      timer.resume()
      watcher = timer
    }
  }

  /// Keeps the timer alive for the life of the process.
  private static let watcher = Locked<(any DispatchSourceTimer)?>(nil)
}
