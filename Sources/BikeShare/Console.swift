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
