import BikeShare
import Foundation
import TestSupport
import Testing

/// Output that cannot be written never traps: one line and status 1, or,
/// when the reader went away, nothing at all.
@Suite struct OutputStreamTests {
  static let executables = EraInfo.all.map(\.executable) + ["bikes-side-by-side"]

  @Test(arguments: executables)
  func aFullDiskIsOneLineAndStatusOne(executable: String) async throws {
    let run = try await Executable(executable).running(
      ["--riders", "2"], redirections: ">/dev/full")
    #expect(run.status == 1)
    #expect(
      run.errorLines == [
        "\(executable): cannot write to standard output: no space left on the device"
      ])
  }

  @Test(arguments: executables)
  func aClosedStandardOutputIsOneLineAndStatusOne(executable: String) async throws {
    let run = try await Executable(executable).running(["--riders", "2"], redirections: ">&-")
    #expect(run.status == 1)
    #expect(run.errorLines == ["\(executable): cannot write to standard output: it is closed"])
  }

  @Test(arguments: executables)
  func aClosedOrFullStandardErrorLosesItsLinesAndNothingElse(executable: String) async throws {
    for redirection in ["2>&-", "2>/dev/full"] {
      let run = try await Executable(executable).running(
        ["--riders", "0"], redirections: redirection)
      #expect(run.status == 2, "\(redirection)")
      let report = try await Executable(executable).running(
        ["--riders", "2"], redirections: redirection)
      #expect(report.status == 0, "\(redirection)")
      #expect(report.prints("violations"))
    }
  }

  @Test(arguments: executables)
  func aReaderThatGoesAwayEndsTheRunQuietly(executable: String) async throws {
    let arguments = executable == "bikes-side-by-side" ? ["--replay"] : ["--riders", "2", "--log"]
    let run = try await Executable(executable).running(arguments, redirections: "| head -1")
    #expect(run.outputLines.count == 1)
    #expect(run.standardError.isEmpty)
  }
}
