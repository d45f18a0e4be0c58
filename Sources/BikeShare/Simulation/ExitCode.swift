/// What every executable of the package exits with (DESIGN.md's exit codes).
public enum ExitCode {
  public static let done: Int32 = 0
  public static let runtimeError: Int32 = 1
  public static let usageError: Int32 = 2
  public static let violations: Int32 = 3
  /// The watchdog stopped a run: work remained and nothing progressed.
  public static let noProgress: Int32 = 4
  public static let interrupted: Int32 = 130
}
