import Foundation
import Synchronization

/// Runs a built executable of this package and collects what it printed.
public struct Executable: Sendable {
  public let url: URL

  public init(_ name: String) throws {
    // The products sit beside the test bundle (`.build/<triple>/debug/`).
    var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL {
      folders.append(executable.deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    let candidates = folders.map { $0.appendingPathComponent(name) }
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { throw NotFound(name: name, looked: candidates.map(\.path)) }
    url = found
  }

  public struct NotFound: Error { let name: String, looked: [String] }

  private init(url: URL) { self.url = url }

  /// Any executable, by its path (a toolchain's `swiftc`).
  public init(path: String) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw NotFound(name: path, looked: [path])
    }
    url = URL(fileURLWithPath: path)
  }

  /// Runs through `/bin/sh` with `redirections` after the command (`>&-`,
  /// `>/dev/full`, `| head -1`); what the shell itself prints is collected.
  public func run(_ arguments: [String], redirections: String, limit: Double = 120) throws
    -> Output
  {
    try Executable(url: URL(fileURLWithPath: "/bin/sh")).run(
      ["-c", "\"$0\" \"$@\" \(redirections)", url.path] + arguments, limit: limit)
  }

  public struct Output: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
    public var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    public var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
  }

  /// Runs to the end. Output goes to files, so no pipe can fill up and stall
  /// the child. A child still running after `limit` seconds is killed (status
  /// 9), so a hang fails the test instead of the whole CI run.
  /// - Parameter input: what the child reads on its standard input (from a file).
  /// - Parameter environment: variables set on top of this process's own.
  public func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    limit: Double = 300
  ) throws -> Output {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let input {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "input-\(UUID().uuidString)")
      try Data(input.utf8).write(to: file)
      process.standardInput = try FileHandle(forReadingFrom: file)
    }
    let files = try OutputFiles()
    process.standardOutput = files.output
    process.standardError = files.error
    try process.run()
    let watchdog = Watchdog(pid: process.processIdentifier, limit: limit)
    defer { watchdog.childEnded() }
    process.waitUntilExit()
    return files.collect(status: process.terminationStatus)
  }

  /// Children running at once from `running`, at most: one a core. The
  /// waits no longer hold the cooperative pool, so nothing else bounds how
  /// many children the suite starts at once, and children that measure
  /// their own time (hazards, watchdogs) need the processor they expect.
  static let children = DispatchSemaphore(
    value: ProcessInfo.processInfo.activeProcessorCount)

  /// As `run`, from an async test: the wait is on a thread of its own, so it
  /// holds none of Swift's cooperative pool (a suite's blocking waits for
  /// children otherwise hold up every async test, and their timers).
  public func running(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    limit: Double = 300
  ) async throws -> Output {
    try await Self.offThePool {
      try self.run(arguments, input: input, environment: environment, limit: limit)
    }
  }

  /// As `run(_:redirections:limit:)`, from an async test, off the pool.
  public func running(_ arguments: [String], redirections: String, limit: Double = 120)
    async throws -> Output
  {
    try await Self.offThePool { try self.run(arguments, redirections: redirections, limit: limit) }
  }

  /// As `interrupt`, from an async test, off the pool.
  public func interrupting(
    _ arguments: [String], limit: Double = 60, after line: @escaping @Sendable (String) -> Bool
  ) async throws -> Output {
    try await Self.offThePool { try self.interrupt(arguments, limit: limit, after: line) }
  }

  /// Runs `wait` on a thread of its own once a child's slot is free.
  private static func offThePool<T: Sendable>(_ wait: @escaping @Sendable () throws -> T)
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        children.wait()
        defer { children.signal() }
        continuation.resume(with: Result { try wait() })
      }.start()
    }
  }

  /// Runs to the end, as `run`, and also says the most memory the child
  /// had resident at once (kilobytes): its high-water mark `VmHWM`, read
  /// from `/proc` every millisecond while it runs (Linux only; nil
  /// elsewhere). A measurement, not a wait: the run ends when the child does.
  public func runMeasuringMemory(_ arguments: [String], limit: Double = 120) throws
    -> (output: Output, peakKilobytes: Int?)
  {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let files = try OutputFiles()
    process.standardOutput = files.output
    process.standardError = files.error
    try process.run()
    let watchdog = Watchdog(pid: process.processIdentifier, limit: limit)
    defer { watchdog.childEnded() }
    let sampling = Sampling()
    let pid = process.processIdentifier
    let sampler = Thread {
      while !sampling.ended.load(ordering: .sequentiallyConsistent) {
        if let kilobytes = Self.highWaterMark(pid) {
          sampling.peak.withLock { $0 = max($0 ?? 0, kilobytes) }
        }
        usleep(1000)
      }
    }
    sampler.start()
    process.waitUntilExit()
    sampling.ended.store(true, ordering: .sequentiallyConsistent)
    return (files.collect(status: process.terminationStatus), sampling.peak.withLock { $0 })
  }

  private final class Sampling: Sendable {
    let ended = Atomic(false)
    let peak = Mutex<Int?>(nil)
  }

  /// `VmHWM` of a running process, in kilobytes (Linux).
  private static func highWaterMark(_ pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }

  /// Starts the child, reads its standard output until `line` matches, sends
  /// SIGINT, and collects everything once it has exited. A child still running
  /// after `limit` seconds is killed (status 9): a lost SIGINT fails the test
  /// instead of hanging it for as long as the run would last.
  public func interrupt(
    _ arguments: [String], limit: Double = 60, after line: (String) -> Bool
  ) throws -> Output {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let pipe = Pipe()
    let files = try OutputFiles()
    process.standardOutput = pipe
    process.standardError = files.error
    try process.run()
    let watchdog = Watchdog(pid: process.processIdentifier, limit: limit)
    defer { watchdog.childEnded() }
    var seen = Data()
    let reader = pipe.fileHandleForReading
    while !String(decoding: seen, as: UTF8.self).split(separator: "\n").contains(where: {
      line(String($0))
    }) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }  // the child ended before the line came
      seen.append(chunk)
    }
    process.interrupt()
    seen.append(reader.readDataToEndOfFile())
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, standardOutput: String(decoding: seen, as: UTF8.self),
      standardError: files.collect(status: 0).standardError)
  }

  /// Kills the child once the limit has passed, unless it has ended by then.
  private final class Watchdog: Sendable {
    private let running: Mutex<pid_t?>

    init(pid: pid_t, limit: Double) {
      running = Mutex(pid)
      DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [self] in
        running.withLock { pid in
          if let pid { kill(pid, SIGKILL) }
        }
      }
    }

    func childEnded() { running.withLock { $0 = nil } }
  }

  private struct OutputFiles {
    let folder: URL
    let output: FileHandle
    let error: FileHandle

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "bikes-test-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent("out").path, contents: nil)
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent("err").path, contents: nil)
      output = try FileHandle(forWritingTo: folder.appendingPathComponent("out"))
      error = try FileHandle(forWritingTo: folder.appendingPathComponent("err"))
    }

    func collect(status: Int32) -> Output {
      try? output.close()
      try? error.close()
      defer { try? FileManager.default.removeItem(at: folder) }
      func read(_ name: String) -> String {
        let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
        return String(decoding: data, as: UTF8.self)
      }
      return Output(status: status, standardOutput: read("out"), standardError: read("err"))
    }
  }
}
