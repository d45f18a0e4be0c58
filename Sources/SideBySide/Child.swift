import Foundation

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
