import BikeShare
import Foundation
import TestSupport
import Testing

/// Input nobody here wrote: one line on stderr, the documented exit code,
/// in every executable.
@Suite struct HostileInputTests {
  static let executables = EraInfo.all.map(\.executable) + ["bikes-side-by-side"]

  @Test(arguments: executables)
  func aCountThatCouldOverflowIsOneLineAndExitOne(executable: String) async throws {
    let city = FileManager.default.temporaryDirectory.appendingPathComponent(
      "overflow-\(UUID().uuidString).json")
    try Data(
      #"{"network": {"id": "n", "name": "N", "stations": [{"id": "a", "name": "A", "free_bikes": 9223372036854775807, "empty_slots": 1}]}}"#
        .utf8
    ).write(to: city)
    defer { try? FileManager.default.removeItem(at: city) }
    let run = try await Executable(executable).running(
      ["--city", city.path, "--stations", "1"], limit: 60)
    #expect(run.status == 1)
    // Side by side adds one line naming the era that stopped it.
    #expect(run.errorLines.count == (executable == "bikes-side-by-side" ? 2 : 1))
    #expect(run.standardError.contains("has free_bikes 9223372036854775807, more than the 1000000"))
  }

  @Test(arguments: executables)
  func controlCharactersInAnArgumentAreEscaped(executable: String) async throws {
    let run = try await Executable(executable).running(["--riders", "5\n6\u{1B}[2J"])
    #expect(run.status == 2)
    #expect(
      run.errorLines == [
        "\(executable): --riders expects a whole number from 1 to 100000, got '5\\n6\\u{1B}[2J'"
      ])
  }

  /// Help wins wherever it is, so every executable agrees.
  @Test(arguments: executables)
  func helpAfterABadValueIsStillHelp(executable: String) async throws {
    // `--riders --help` and `--version --scheduler --help` are the fuzzer's
    // (fuzz-6, finding 1): a `--help` where a value was due is no value, so
    // it is help, in every executable, whether or not it knows the option.
    for arguments in [
      ["--riders", "abc", "--help"], ["--help", "--riders", "abc"], ["--riders", "--help"],
      ["--version", "--scheduler", "--help"], ["replay", "--story", "--help"],
    ] {
      let run = try await Executable(executable).running(arguments)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.prints("--help, --version"))
    }
  }

  /// Version wins as help does, wherever an option can stand, so every
  /// executable agrees (fuzz-7, finding 4: side by side printed its version
  /// after `--bogus`, where every era refused).
  @Test(arguments: executables)
  func versionAfterABadValueIsStillTheVersion(executable: String) async throws {
    for arguments in [
      ["--bogus", "--version"], ["--riders", "abc", "--version"], ["--version", "--bogus"],
      ["--riders", "--version"],
    ] {
      let run = try await Executable(executable).running(arguments)
      #expect(run.status == 0, "\(arguments): \(run.standardError)")
      #expect(run.outputLines == ["\(executable) 0.1.0"], "\(arguments)")
    }
  }

  /// Every command an era prints to play a schedule again carries the era's
  /// own options (fuzz-6, finding 2: they dropped `--lock`, `--fix`,
  /// `--exclusive` and `--callers`): replay's first line, explore's, the
  /// lanes and Mermaid headings, the atlas's `command`.
  @Test(arguments: [
    ("bikes-dispatch", ["--lock", "nslock"]), ("bikes-futures", ["--exclusive", "station"]),
    ("bikes-actors", ["--fix", "isolated", "--callers", "main-actor"]),
  ])
  func printedCommandsCarryTheErasOwnOptions(executable: String, own: [String]) async throws {
    let typed = own.joined(separator: " ")
    for arguments in [
      ["replay", "--mode", "racy"], ["replay", "--mode", "racy", "--format", "mermaid"],
      ["explore", "--mode", "racy"], ["explore", "--mode", "racy", "--format", "lanes"],
      ["explore", "--mode", "racy", "--format", "html"],
    ] {
      let run = try await Executable(executable).running(arguments + own, limit: 60)
      #expect(run.status == 0, "\(arguments)")
      let command = run.outputLines.first { $0.contains("\(executable) \(arguments[0]) ") }
      #expect(command?.contains(typed) == true, "\(arguments): \(command ?? "no command")")
    }
  }
}
