import Testing

/// Checks of a built era executable, run as a user would; the same for every era.
public struct CommandLineChecks {
  let bikes: Executable
  let era: String

  /// - Parameter era: the era's short name (`callbacks` for `bikes-callbacks`).
  public init(era: String) throws {
    bikes = try Executable("bikes-\(era)")
    self.era = era
  }

  public func replayPrintsTheSameStepsEveryTime(
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try bikes.run(["replay"])
    let second = try bikes.run(["replay"])
    #expect(first.status == 0, sourceLocation: sourceLocation)
    #expect(first.standardOutput == second.standardOutput, sourceLocation: sourceLocation)
    #expect(
      first.standardOutput.contains("4. A leaves a bike at Rossio: free 7, empty -1"),
      sourceLocation: sourceLocation)
    #expect(
      first.standardOutput.contains("2. B is turned away at Rossio: no empty slot"),
      sourceLocation: sourceLocation)
  }

  public func badInputIsOneLineAndExitTwo(sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let result = try bikes.run(["--riders", "none"])
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(
      result.errorLines == [
        "bikes-\(era): --riders expects a whole number from 1 to 100000, got 'none'"
      ], sourceLocation: sourceLocation)
  }

  public func jsonNamesTheEra(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try bikes.run([
      "--format", "json", "--mode", "safe", "--riders", "4", "--leg-ms", "0",
    ])
    #expect(result.status == 0, sourceLocation: sourceLocation)
    #expect(result.outputLines.count == 1, sourceLocation: sourceLocation)
    #expect(
      result.standardOutput.contains(#""era":"\#(era)""#), sourceLocation: sourceLocation)
  }

  /// Minute-long legs: the run can only end quickly (within the caller's time
  /// limit) by being stopped.
  public func ctrlCEndsTheRunWithAPartialReport(sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let result = try bikes.interrupt(["--mode", "safe", "--leg-ms", "60000", "--log"]) { line in
      line.hasPrefix("rider ")
    }
    #expect(result.status == 130, sourceLocation: sourceLocation)
    #expect(
      result.standardOutput.contains("\(era) · safe · STOPPED (partial report)"),
      sourceLocation: sourceLocation)
    #expect(result.standardOutput.contains(": conserved"), sourceLocation: sourceLocation)
  }
}
