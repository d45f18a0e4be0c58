import BikeShare
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
    process.environment = ProcessInfo.processInfo.environment.merging(
      [Runner.variable: "\(getpid())"]) { $1 }
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
  /// Each byte is looked at once, however long the line (a report of 10,000
  /// stations is one line of megabytes).
  private static func forEachLine(of reader: FileHandle, _ line: (String) -> Void) {
    var pending: [UInt8] = []
    while true {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      let scanned = pending.count
      pending.append(contentsOf: chunk)
      var consumed = 0
      for index in scanned..<pending.count where pending[index] == UInt8(ascii: "\n") {
        line(String(decoding: pending[consumed..<index], as: UTF8.self))
        consumed = index + 1
      }
      if consumed > 0 { pending.removeFirst(consumed) }
    }
    if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
  }
}
