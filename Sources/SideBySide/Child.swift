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

/// How an era executable ended.
enum ChildEnd: Equatable {
  case exited(Int32)
  case killed(signal: Int32)
}

enum Child {
  /// Runs an executable with the runner's standard error and waits for it to
  /// end. With `line`, each line of its standard output goes there as it
  /// comes; without, it writes straight to the runner's standard output.
  static func run(
    _ url: URL, _ arguments: [String], stopper: Stopper, line: ((String) -> Void)? = nil
  ) throws -> ChildEnd {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let pipe = line.map { _ in Pipe() }
    if let pipe { process.standardOutput = pipe }
    try process.run()
    stopper.started(process.processIdentifier)
    defer { stopper.ended() }
    if let pipe, let line { forEachLine(of: pipe.fileHandleForReading, line) }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
      ? .killed(signal: process.terminationStatus) : .exited(process.terminationStatus)
  }

  /// Reads until end of file, handing on each complete line and then any rest.
  private static func forEachLine(of reader: FileHandle, _ line: (String) -> Void) {
    var pending = Data()
    while true {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
        pending.removeSubrange(pending.startIndex...newline)
      }
    }
    if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
  }
}
