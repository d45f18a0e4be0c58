import BikeShare
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One child process, watched: its standard output, its wall time, the most
/// threads it had alive at once (Linux: sampled from `/proc` every 10 ms;
/// nil elsewhere), its peak resident memory and its processor time (both
/// from `wait4`).
struct Spawned: Sendable {
  var output: String
  var status: Int32
  var seconds: Double
  /// User and system time of the child and its threads.
  var processorSeconds: Double
  var peakThreads: Int?
  var peakBytes: Int
  /// Killed at its time limit.
  var timedOut: Bool
}

enum Spawn {
  enum Failure: Error, CustomStringConvertible {
    case cannotStart(String, Int32)
    var description: String {
      switch self {
      case .cannotStart(let path, let code):
        "cannot start \(path): \(String(cString: strerror(code)))"
      }
    }
  }

  static func run(_ path: String, _ arguments: [String], limit: Double) throws -> Spawned {
    var pipe: [Int32] = [0, 0]
    guard systemPipe(&pipe) == 0 else { throw Failure.cannotStart(path, errno) }
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t? = nil
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = ContinuousClock.now
    let code = posix_spawn(&pid, path, &actions, nil, argv, environ)
    close(pipe[1])
    guard code == 0 else {
      close(pipe[0])
      throw Failure.cannotStart(path, code)
    }
    // Read the output on a thread of its own, so a full pipe never stalls the child.
    let reader = Reader(fd: pipe[0])
    let thread = Thread { reader.readAll() }
    thread.start()

    var status: Int32 = 0
    var usage = rusage()
    var peakThreads: Int?
    var timedOut = false
    while true {
      let done = wait4(pid, &status, WNOHANG, &usage)
      if done == pid { break }
      if let threads = threadCount(pid) { peakThreads = max(peakThreads ?? 0, threads) }
      if (ContinuousClock.now - started).seconds > limit, !timedOut {
        timedOut = true
        kill(pid, SIGKILL)
      }
      usleep(10_000)
    }
    let seconds = (ContinuousClock.now - started).seconds
    let output = reader.wait()
    #if canImport(Glibc)
      let peakBytes = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
      let peakBytes = Int(usage.ru_maxrss)  // bytes on macOS
    #endif
    let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let processor = [usage.ru_utime, usage.ru_stime].reduce(0.0) {
      $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6
    }
    return Spawned(
      output: output, status: exit, seconds: seconds, processorSeconds: processor,
      peakThreads: peakThreads, peakBytes: peakBytes, timedOut: timedOut)
  }

  /// Threads alive in `pid` now, from `/proc` (Linux only).
  static func threadCount(_ pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
      return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
    }
    return nil
  }
}

/// Reads a file descriptor to its end.
private final class Reader: Sendable {
  private let fd: Int32
  private let data = Locked(Data())
  private let done = DispatchSemaphore(value: 0)

  init(fd: Int32) { self.fd = fd }

  func readAll() {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { break }
      data.withLock { $0.append(contentsOf: buffer[0..<count]) }
    }
    close(fd)
    done.signal()
  }

  func wait() -> String {
    done.wait()
    return data.withLock { String(decoding: $0, as: UTF8.self) }
  }
}

private func systemPipe(_ fds: inout [Int32]) -> Int32 {
  fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
}
