import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to stdout and stderr: `--log` lines reach a pipe as they
/// happen, and nothing is lost or reordered when the process exits.
///
/// Writing never traps. If standard output cannot be written (closed, a full
/// disk, a reader that went away), the process says so in one line on
/// standard error, if that still works, and exits with status 1; a reader
/// that went away (`| head -1`) gets no message. A standard error that cannot
/// be written loses its lines and the run goes on.
public enum Console {
  /// A text report's lines, fitted to a room's width (`Text.fitted`): for
  /// what a person reads, never for JSON, lanes or a diagram.
  public static func text(_ text: String) { out(Text.fitted(text)) }

  public static func out(_ text: String) {
    if let capture = capture.withLock({ $0 }) { return capture.keep(text, error: false) }
    if let failure = write(text + "\n", to: 1) {
      if failure != EPIPE {
        _ = write("\(program): cannot write to standard output: \(reason(failure))\n", to: 2)
      }
      exit(1)
    }
  }

  public static func error(_ text: String) {
    if let capture = capture.withLock({ $0 }) { return capture.keep(text, error: true) }
    _ = write(text + "\n", to: 2)
  }

  /// Call first thing in `main`, before anything opens a file: a closed
  /// descriptor 1 or 2 would be reused by the next file opened (a runtime's
  /// event descriptor, say), and lines meant for a terminal would go there.
  /// A closed standard output ends the process (one line on standard error);
  /// a closed standard error is pointed at `/dev/null`.
  public static func claimStandardStreams() {
    let stdoutClosed = fcntl(1, F_GETFD) == -1
    if fcntl(2, F_GETFD) == -1 {
      let null = open("/dev/null", O_WRONLY)
      if null >= 0 && null != 2 { close(null) }
    }
    if stdoutClosed {
      _ = write("\(program): cannot write to standard output: \(reason(EBADF))\n", to: 2)
      exit(1)
    }
  }

  /// Writes all of `text`, retrying after signals and partial writes.
  /// - Returns: `nil`, or the `errno` that stopped it.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case EBADF: "it is closed"
    case ENOSPC: "no space left on the device"
    default: String(cString: strerror(code))
    }
  }

  private static var program: String {
    CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "bikes"
  }

  // MARK: - Tests: lines kept instead of written

  /// Lines kept while a test runs a command in this process.
  public final class Capture: Sendable {
    private let lines = Locked<(out: [String], error: [String])>(([], []))
    public var out: [String] { lines.withLock { $0.out } }
    public var error: [String] { lines.withLock { $0.error } }

    fileprivate func keep(_ text: String, error: Bool) {
      let split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lines.withLock {
        error ? $0.error.append(contentsOf: split) : $0.out.append(contentsOf: split)
      }
    }
  }

  private static let capture = Locked<Capture?>(nil)

  /// Runs `body` with every line kept in the returned capture instead of
  /// written. Lines from anywhere in the process are kept, so callers must
  /// not overlap (a `.serialized` suite).
  public static func capturing<T>(_ body: () async -> T) async -> (T, Capture) {
    let kept = Capture()
    capture.withLock { $0 = kept }
    let result = await body()
    capture.withLock { $0 = nil }
    return (result, kept)
  }
}

/// A line on stderr now and then during long work, when stderr is a terminal
/// (so tests and pipes stay quiet).
public enum Progress {
  public static func every(_ step: Int, _ what: String) -> @Sendable (Int) -> Void {
    guard isatty(2) != 0 else { return { _ in } }
    return { count in
      if count % step == 0 { Console.error("  \(count) \(what)") }
    }
  }
}
