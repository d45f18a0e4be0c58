extension CallOffSummary {
  /// The report's line for `--call-off`: how many, how many stranded, and
  /// how the called-off riders stopped.
  public var line: String {
    let stops =
      stopped == 0
      ? "no rider said when it stopped"
      : "stopped \(Self.milliseconds(medianStopSeconds)) after the call-off (median),"
        + " \(Self.milliseconds(largestStopSeconds)) at most"
        + " · \(visitsAfter) visits after it (\(largestVisitsAfter) at most)"
    let by = deadlineMilliseconds.map { " by a \($0) ms deadline" } ?? ""
    return "called off\(by): \(RunReport.count(calledOff, "rider")) · \(stops)"
      + " · stranded: \(stranded == 0 ? "none" : RunReport.count(stranded, "bike"))"
  }

  /// `12.3 ms`.
  public static func milliseconds(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10_000).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
  }
}
