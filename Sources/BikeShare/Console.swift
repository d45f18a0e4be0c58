import Foundation

/// Unbuffered writes to stdout and stderr: `--log` lines reach a pipe as they
/// happen, and nothing is lost or reordered when the process exits.
public enum Console {
  public static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  public static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
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
