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
          let measured = try measure(
            label, era: era, riders: riders, legs: legs, extra: extra, run: nil)
          var step = ScaleStep(
            era: label, riders: riders, wallSeconds: nil, peakMegabytes: nil,
            peakThreads: nil, stopped: reason)
          step.withFloors(measured.floors, legs: legs, limit: options.scaleLimit)
          steps.append(step)
          continue
        }
        note("\(label), \(riders) riders")
        let measured = try measure(
          label, era: era, riders: riders, legs: legs, extra: extra,
          run: [
            "--mode", "safe", "--format", "json", "--riders", "\(riders)", "--paths", "\(paths)",
            "--leg-ms", "1", "--city", city, "--stations", "\(GeneratedCity.stations)",
          ] + extra)
        let (run, each) = Self.median(of: measured.run)
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
        step.withFloors(measured.floors, legs: legs, limit: options.scaleLimit)
        steps.append(step)
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
  /// seconds by a tenth: the median of seven takes out three slow ones. The
  /// run and its floors are measured alike, so that their ratio is of
  /// medians.
  static func processes(first seconds: Double) -> Int {
    seconds < repeatMostUnder ? 7 : seconds < repeatUnder ? 3 : 1
  }
  static let repeatMostUnder = 5.0
  static let repeatUnder = 60.0

  /// A step's run (nil: it is not run) and its three floors, each a
  /// process of its own timed whole: the era's floor of waiting, the
  /// simplest one, and the second floor (the floor's riders visiting 1,000
  /// stations, as many as the run's city has, each visit the era's bare
  /// primitive). Each once, in that order, then again round after round
  /// (`rounds`); every process of each, in the order measured (the run's
  /// none when it is not run).
  func measure(
    _ label: String, era: String, riders: Int, legs: Int, extra: [String], run: [String]?
  ) throws -> (run: [Spawned], floors: [[Spawned]]) {
    var commands: [(executable: String, arguments: [String])] = []
    var firsts: [Spawned] = []
    func first(_ what: String?, _ executable: String, _ arguments: [String]) throws -> Spawned {
      if let what { note("\(label), \(riders) riders: \(what)") }
      commands.append((executable, arguments))
      firsts.append(try Spawn.run(executable, arguments, limit: options.scaleLimit))
      return firsts[firsts.count - 1]
    }
    if let run { _ = try first(nil, path(era), run) }
    let waits = ["--riders", "\(riders)", "--legs", "\(legs)", "--leg-ms", "1"]
    let floor = try first("the floor", path(era), ["bench-floor"] + waits + extra)
    // The simplest floor's threads under the same cap as the era's floor's.
    let cap = Self.floor(of: floor, legs: legs, limit: options.scaleLimit).threadCap
    _ = try first(
      "the simplest floor", Bundle.main.executablePath ?? CommandLine.arguments[0],
      ["simplest-floor", era] + waits + (cap.map { ["--thread-cap", "\($0)"] } ?? []))
    _ = try first(
      "the second floor", path(era),
      ["bench-floor"] + waits + ["--stations", "\(GeneratedCity.stations)"] + extra)
    let more = zip(firsts, commands).filter { first, _ in
      Self.seconds(of: first).map(Self.processes(first:)) ?? 1 > 1
    }
    if !more.isEmpty {
      note("\(label), \(riders) riders: again, round after round (\(more.count) commands)")
    }
    let measured = try Self.rounds(firsts, seconds: Self.seconds(of:)) { index in
      try Spawn.run(
        commands[index].executable, commands[index].arguments, limit: options.scaleLimit)
    }
    return (run == nil ? [] : measured[0], Array(measured.dropFirst(run == nil ? 0 : 1)))
  }

  /// A process's wall time; nil when it failed or ran out of time.
  static func seconds(of process: Spawned) -> Double? {
    process.timedOut || process.status != 0 ? nil : process.seconds
  }

  /// Measures again, given each measurement's first, until each has as
  /// many as `processes` says of its first: round after round, one more of
  /// each that wants one, in order, so that a slow stretch of the machine
  /// falls on all of them alike rather than on one's processes in a row.
  /// A measurement without a time (it failed, or ran out of time) ends its
  /// own and comes back alone; the others go on.
  static func rounds<Measured>(
    _ firsts: [Measured], seconds: (Measured) -> Double?,
    again: (_ index: Int) throws -> Measured
  ) rethrows -> [[Measured]] {
    var measured = firsts.map { [$0] }
    let wanted = firsts.map { seconds($0).map(processes(first:)) ?? 1 }
    var open = wanted.indices.filter { wanted[$0] > 1 }
    while !open.isEmpty {
      for index in open {
        let one = try again(index)
        if seconds(one) == nil {
          measured[index] = [one]
        } else {
          measured[index].append(one)
        }
      }
      open.removeAll {
        measured[$0].last.flatMap(seconds) == nil || measured[$0].count == wanted[$0]
      }
    }
    return measured
  }

  /// The median process by wall time (its output, memory and threads), and
  /// every process's wall time, in the order measured, when there are more
  /// than one. At least one process.
  static func median(of processes: [Spawned]) -> (Spawned, [Double]?) {
    let sorted = processes.sorted { $0.seconds < $1.seconds }
    return (sorted[sorted.count / 2], processes.count > 1 ? processes.map(\.seconds) : nil)
  }

  /// One floor process as the table has it; a second floor's line says its
  /// primitive and how many a visit made.
  static func floor(of run: Spawned, legs: Int, limit: Double) -> ScaleStep.Floor {
    var stopped: String?
    if run.timedOut {
      stopped = "still waiting after \(Int(limit)) s: stopped"
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

extension ScaleStep {
  /// The step's three floors, each its median process, carrying every
  /// process's wall time.
  mutating func withFloors(_ measured: [[Spawned]], legs: Int, limit: Double) {
    let floors = measured.map { processes in
      let (median, each) = Run.median(of: processes)
      var floor = Run.floor(of: median, legs: legs, limit: limit)
      floor.each = each
      return floor
    }
    (floor, simplest, secondFloor) = (floors[0], floors[1], floors[2])
  }
}
