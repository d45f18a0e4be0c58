import BikeShare
import Foundation

/// Part 4 of the bench: riders called off while they ride (`--call-off`),
/// per era and mode: how long a called-off rider took to stop, and the
/// visits it made after, beside one leg.
struct CallOffStep: Codable, Sendable, Equatable {
  let era, mode: String
  let riders, legMs, calledOff, stranded: Int
  /// From the call-off to the rider's stop.
  let medianStopSeconds, largestStopSeconds: Double
  let visitsAfter: Int

  enum CodingKeys: String, CodingKey {
    case era, mode, riders, stranded
    case legMs = "leg_ms"
    case calledOff = "called_off"
    case medianStopSeconds = "median_stop_seconds"
    case largestStopSeconds = "largest_stop_seconds"
    case visitsAfter = "visits_after"
  }
}

extension Run {
  /// One in ten riders called off, each on one of its first three rides.
  func callOffs(on city: String) throws -> [CallOffStep] {
    let sizes = options.quick ? [100] : [1_000, 10_000]
    let legMs = 10
    Console.error(
      "bench: call-offs (\(sizes.map(String.init).joined(separator: ", ")) riders, one in ten"
        + " called off, \(legMs) ms legs, 3 paths)")
    var steps: [CallOffStep] = []
    for riders in sizes {
      for era in options.eras {
        for mode in ["racy", "safe"] {
          note("\(era) \(mode), \(riders) riders")
          let run = try simulate(
            era, mode: mode, riders: riders, paths: 3, legMs: legMs, on: city,
            extra: ["--call-off", "\(riders / 10)"], limit: options.callOffLimit)
          guard run.status == 0, let line = run.output.split(separator: "\n").first,
            let report = try? RunReport(jsonLine: String(line)), let callOffs = report.callOffs
          else {
            throw EraFailed(
              era: era, detail: "exit \(run.status) with --call-off in --mode \(mode)")
          }
          steps.append(
            CallOffStep(
              era: era, mode: mode, riders: riders, legMs: legMs, calledOff: callOffs.calledOff,
              stranded: callOffs.stranded, medianStopSeconds: callOffs.medianStopSeconds,
              largestStopSeconds: callOffs.largestStopSeconds, visitsAfter: callOffs.visitsAfter))
        }
      }
    }
    return steps
  }
}

extension Report {
  /// Section 6: the call-offs, each era beside its leg.
  func callOffTable() -> [String] {
    guard let legMs = callOffs.first?.legMs else { return [] }
    let heading = [
      "6. Calling off: one rider in ten called off as it sets off on one of its first",
      "   three rides, \(legMs) ms legs. stop: from the call-off to the rider's stop,",
      "   median and largest, beside one leg (a rider that looks only when its leg is",
      "   over waits about that long); after: visits the called-off riders began",
      "   after their call-off (safe: the one that docks the bike, or more).",
    ]
    let columns: [Column] = [
      .left("era", 13), .left("mode", 5), .right("riders", 8), .right("called off", 12),
      .right("stranded", 10), .right("median", 9), .right("largest", 11), .right("x leg", 7),
      .right("after", 7),
    ]
    return Self.section(
      heading, columns,
      callOffs.map { step in
        [
          step.era, step.mode, String(step.riders), Self.grouped(step.calledOff),
          Self.grouped(step.stranded), CallOffSummary.milliseconds(step.medianStopSeconds),
          CallOffSummary.milliseconds(step.largestStopSeconds),
          Self.times(step.medianStopSeconds * 1000 / Double(step.legMs)),
          Self.grouped(step.visitsAfter),
        ]
      })
  }
}
