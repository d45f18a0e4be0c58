import BikeShare
import Foundation

extension Run {
  // MARK: - Part 3: scale

  func scale(on city: String) throws -> [ScaleStep] {
    let paths = options.quick ? 2 : 10
    // A rider with room everywhere takes a bike and leaves it on every path,
    // with a leg after each visit but the last.
    let legs = 2 * paths - 1
    Console.error(
      "bench: scale (\(options.scaleSteps.map(String.init).joined(separator: ", ")) riders,"
        + " 1 ms legs, \(paths) paths; at most \(Int(options.scaleLimit)) s a run;"
        + " each run beside its floor)")
    var steps: [ScaleStep] = []
    var stoppedEras: Set<String> = []
    var previous: [String: (riders: Int, seconds: Double)] = [:]
    // Dispatch twice: under its cap of 256 threads, and four times as many,
    // so the table says what the cap buys and what it costs.
    var lines: [(label: String, era: String, extra: [String])] = []
    for era in options.eras {
      lines.append((era, era, []))
      if era == "dispatch" { lines.append(("dispatch/1024", era, ["--thread-cap", "1024"])) }
    }
    for riders in options.scaleSteps {
      for (label, era, extra) in lines where !stoppedEras.contains(label) {
        if let before = previous[label],
          let reason = Self.beyondTheLimit(
            riders: riders, after: before, limit: options.scaleLimit)
        {
          note("\(label), \(riders) riders: not run; its floors are")
          stoppedEras.insert(label)
          steps.append(
            try floors(
              ScaleStep(
                era: label, riders: riders, wallSeconds: nil, peakMegabytes: nil,
                peakThreads: nil, stopped: reason), legs: legs, extra: extra))
          continue
        }
        note("\(label), \(riders) riders")
        let (run, each) = try measuredRun(
          path(era),
          [
            "--mode", "safe", "--format", "json", "--riders", "\(riders)", "--paths", "\(paths)",
            "--leg-ms", "1", "--city", city, "--stations", "1000",
          ] + extra)
        // Ten times the riders: past ten times the time, the era no longer
        // keeps up (it is bound by the processor, not by its legs). It still
        // runs the next step; only a failure or the time limit ends it.
        var stopped: String?
        if run.timedOut {
          stopped = "still running after \(Int(options.scaleLimit)) s: stopped"
          stoppedEras.insert(label)
        } else if run.status != 0 {
          stopped = "failed with exit \(run.status)"
          stoppedEras.insert(label)
        } else if let before = previous[label]?.seconds, run.seconds > 10 * before {
          stopped = String(format: "%.1fx the time of the step before", run.seconds / before)
        }
        previous[label] = (riders, run.seconds)
        var step = ScaleStep(
          era: label, riders: riders, wallSeconds: run.timedOut ? nil : run.seconds,
          peakMegabytes: Double(run.peakBytes) / 1_048_576, peakThreads: run.peakThreads,
          stopped: stopped)
        step.each = each
        step.visits = JSONReport(run.output)?.stationVisits
        step.processorSeconds = run.timedOut ? nil : run.processorSeconds
        steps.append(try floors(step, legs: legs, extra: extra))
      }
    }
    return steps
  }

  /// Why a step is not run: at the pace of the step before (its time grows
  /// at least as the riders do), it would run past the time limit. Nil: run it.
  static func beyondTheLimit(
    riders: Int, after before: (riders: Int, seconds: Double), limit: Double
  ) -> String? {
    let expected = before.seconds * Double(riders) / Double(max(before.riders, 1))
    guard expected > limit else { return nil }
    return String(format: "not run: about %.0f s at its pace", expected)
  }

  /// How many processes measure a run or a floor, given the first: seven
  /// when it took under `repeatMostUnder` seconds, three when under
  /// `repeatUnder`, else one (steadier, and dear). A process of a second
  /// moves by a quarter from one to the next on this machine, one of a few
  /// seconds by a tenth: the median of seven takes out three slow ones, not
  /// a slow machine (chapter 06's going further gives the spread between
  /// runs). The run and its floors are measured alike, so that their ratio
  /// is of medians.
  static func processes(first seconds: Double) -> Int {
    seconds < repeatMostUnder ? 7 : seconds < repeatUnder ? 3 : 1
  }
  static let repeatMostUnder = 5.0
  static let repeatUnder = 20.0

  /// The run, measured as many times as `processes` says after the first:
  /// the median process by wall time (its output, memory and threads), and
  /// every process's wall time when there are more than one. A run that
  /// fails or runs out of time is not run again.
  func measuredRun(_ executable: String, _ arguments: [String]) throws -> (Spawned, [Double]?) {
    let measured = try repeatedly {
      try Spawn.run(executable, arguments, limit: options.scaleLimit)
    } seconds: {
      $0.timedOut || $0.status != 0 ? nil : $0.seconds
    }
    guard measured.count > 1 else { return (measured[0], nil) }
    let sorted = measured.sorted { $0.seconds < $1.seconds }
    return (sorted[sorted.count / 2], measured.map(\.seconds))
  }

  /// Measures once, then as many more times as `processes` says; a
  /// measurement without a time (it failed, or ran out of time) ends it
  /// and comes back alone.
  func repeatedly<Measured>(
    _ measure: () throws -> Measured, seconds: (Measured) -> Double?
  ) rethrows -> [Measured] {
    let first = try measure()
    guard let time = seconds(first) else { return [first] }
    var measured = [first]
    for _ in 1..<Self.processes(first: time) {
      let one = try measure()
      guard seconds(one) != nil else { return [one] }
      measured.append(one)
    }
    return measured
  }

  /// The step with its three floors, each a process of its own timed
  /// whole as the run is (a median: `processes`): the era's floor
  /// of waiting, the simplest one, and the second floor (the floor's riders
  /// visiting 1,000 stations, as many as the run's city has, each visit the
  /// era's bare primitive).
  func floors(_ step: ScaleStep, legs: Int, extra: [String]) throws -> ScaleStep {
    var step = step
    let era = step.runEra
    let riders = ["--riders", "\(step.riders)", "--legs", "\(legs)", "--leg-ms", "1"]
    note("\(step.era), \(step.riders) riders: the floor")
    step.floor = try floor(path(era), ["bench-floor"] + riders + extra, legs: legs)
    note("\(step.era), \(step.riders) riders: the simplest floor")
    // The simplest floor's threads under the same cap as the era's floor's.
    step.simplest = try floor(
      Bundle.main.executablePath ?? CommandLine.arguments[0],
      ["simplest-floor", era] + riders
        + (step.floor?.threadCap.map { ["--thread-cap", "\($0)"] } ?? []), legs: legs)
    note("\(step.era), \(step.riders) riders: the second floor")
    step.secondFloor = try floor(
      path(era), ["bench-floor"] + riders + ["--stations", "1000"] + extra, legs: legs)
    return step
  }

  /// One floor, measured as many times as `processes` says after the
  /// first: the median process by wall time, with every process's time; a
  /// floor that stops is not measured again.
  func floor(_ executable: String, _ arguments: [String], legs: Int) throws -> ScaleStep.Floor {
    let measured = try repeatedly {
      try floorOnce(executable, arguments, legs: legs)
    } seconds: {
      $0.wallSeconds
    }
    return ScaleStep.Floor.median(of: measured) ?? measured[0]
  }

  /// One floor: a child process, timed whole; a second floor's line says
  /// its primitive and how many a visit made.
  func floorOnce(_ executable: String, _ arguments: [String], legs: Int) throws
    -> ScaleStep.Floor
  {
    let run = try Spawn.run(executable, arguments, limit: options.scaleLimit)
    var stopped: String?
    if run.timedOut {
      stopped = "still waiting after \(Int(options.scaleLimit)) s: stopped"
    } else if run.status != 0 {
      stopped = "failed with exit \(run.status)"
    }
    var floor = ScaleStep.Floor(
      legs: legs, wallSeconds: stopped == nil ? run.seconds : nil,
      peakMegabytes: Double(run.peakBytes) / 1_048_576, peakThreads: run.peakThreads,
      stopped: stopped)
    floor.processorSeconds = stopped == nil ? run.processorSeconds : nil
    let fields = run.output.split(separator: "\n").first.flatMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    if let fields, let perVisit = fields["per_visit"] as? Int,
      let made = fields["primitives"] as? Int, perVisit > 0
    {
      floor.perVisit = perVisit
      floor.primitive = fields["primitive"] as? String
      floor.why = fields["why"] as? String
      floor.visits = made / perVisit
    }
    floor.threadCap = fields?["thread_cap"] as? Int
    return floor
  }
}
