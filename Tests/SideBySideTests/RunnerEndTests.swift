import BikeShare
import Foundation
import TestSupport
import Testing

#if os(Linux)
  /// An era never outlives `bikes-side-by-side`, however the runner ends.
  @Suite struct RunnerEndTests {
    /// The process's parent and state letter, from `/proc/<pid>/stat`.
    static func stat(_ pid: pid_t) -> (parent: pid_t, state: Character)? {
      guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
      else { return nil }
      let fields = text[text.index(after: close)...].split(separator: " ")
      guard fields.count > 2, let parent = pid_t(fields[1]) else { return nil }
      return (parent, fields[0].first ?? "?")
    }

    static func children(of parent: pid_t) -> [pid_t] {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap { pid_t($0) }.filter { stat($0)?.parent == parent }
    }

    static func ended(_ pid: pid_t) -> Bool {
      guard let state = stat(pid)?.state else { return true }
      return state == "Z" || state == "X"
    }

    /// Polls `condition` every 50 ms for up to `seconds`.
    static func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
      let end = Date().addingTimeInterval(seconds)
      while Date() < end {
        if condition() { return true }
        usleep(50_000)
      }
      return condition()
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGKILL])
    func theEraEndsWithItsRunner(signal: Int32) throws {
      let runner = Process()
      runner.executableURL = try Executable("bikes-side-by-side").url
      runner.arguments = ["--leg-ms", "60000", "--paths", "2"]
      runner.standardOutput = FileHandle.nullDevice
      runner.standardError = FileHandle.nullDevice
      try runner.run()
      var era: pid_t?
      #expect(
        Self.within(20) {
          era = Self.children(of: runner.processIdentifier).first
          return era != nil
        }, "the runner started no era")
      defer {
        if let era, !Self.ended(era) { kill(era, SIGKILL) }
      }
      kill(runner.processIdentifier, signal)
      runner.waitUntilExit()
      #expect(runner.terminationReason == .uncaughtSignal)
      #expect(runner.terminationStatus == signal)
      let gone = try #require(era)
      #expect(Self.within(5) { Self.ended(gone) }, "era \(gone) outlived its runner")
    }
  }
#endif
