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
    // Dispatch twice: under its cap of 256 threads, and four times as many,
    // so the table says what the cap buys and what it costs.
    var lines: [(label: String, era: String, extra: [String])] = []
    for era in options.eras {
      lines.append((era, era, []))
      if era == "dispatch" { lines.append(("dispatch/1024", era, ["--thread-cap", "1024"])) }
    }
    // First every step once, in order (a step's first run says whether the
    // era goes on), then every process again that a median wants, spread
    // over the part (`repeats`).
    var pending: [(label: String, riders: Int, notRun: String?, measurements: Range<Int>)] = []
    var measurements: [(name: String, command: Command, first: Spawned)] = []
    var stoppedEras: Set<String> = []
    var previous: [String: (riders: Int, seconds: Double)] = [:]
    for riders in options.scaleSteps {
      for (label, era, extra) in lines where !stoppedEras.contains(label) {
        var notRun: String?
        if let before = previous[label],
          let reason = Self.beyondTheLimit(
            riders: riders, after: before, limit: options.scaleLimit)
        {
          note("\(label), \(riders) riders: not run; its floors are")
          stoppedEras.insert(label)
          notRun = reason
        } else {
          note("\(label), \(riders) riders")
        }
        let run: [String]? =
          notRun != nil
          ? nil
          : [
            "--mode", "safe", "--format", "json", "--riders", "\(riders)", "--paths", "\(paths)",
            "--leg-ms", "1", "--city", city, "--stations", "\(GeneratedCity.stations)",
          ] + extra
        let firsts = try measureOnce(
          label, era: era, riders: riders, legs: legs, extra: extra, run: run)
        if let first = firsts.first, run != nil {
          // Only a failure or the time limit ends an era (its next steps are not run).
          if first.first.timedOut || first.first.status != 0 { stoppedEras.insert(label) }
          previous[label] = (riders, first.first.seconds)
        }
        pending.append(
          (label, riders, notRun, measurements.count..<measurements.count + firsts.count))
        measurements += firsts.map {
          ("\(label), \(riders) riders: \($0.name)", $0.command, $0.first)
        }
      }
    }
    let more = Self.order(of: measurements.map { Self.seconds(of: $0.first) }).count
    if more > 0 { note("again, spread over the rest of the part: \(more) processes") }
    var done = 0
    let measured = try Self.repeats(measurements.map(\.first), seconds: Self.seconds(of:)) {
      index in
      done += 1
      // A line for a process of a second or more; the short ones would be a
      // screen of lines in a few seconds.
      if Self.seconds(of: measurements[index].first) ?? 0 >= 1 {
        note("again, \(done) of \(more): \(measurements[index].name)")
      }
      let command = measurements[index].command
      return try Spawn.run(command.executable, command.arguments, limit: options.scaleLimit)
    }
    var steps: [ScaleStep] = []
    var medianBefore: [String: Double] = [:]
    for (label, riders, notRun, range) in pending {
      let processes = Array(measured[range])
      guard notRun == nil else {
        var step = ScaleStep(
          era: label, riders: riders, wallSeconds: nil, peakMegabytes: nil,
          peakThreads: nil, stopped: notRun)
        step.withFloors(processes, legs: legs, limit: options.scaleLimit)
        steps.append(step)
        continue
      }
      let (run, each) = Self.median(of: processes[0])
      var stopped: String?
      if run.timedOut {
        stopped = "still running after \(Int(options.scaleLimit)) s: stopped"
      } else if run.status != 0 {
        stopped = "failed with exit \(run.status)"
      } else if let before = medianBefore[label], run.seconds > 10 * before {
        // Ten times the riders: past ten times the time, the era no longer
        // keeps up (it is bound by the processor, not by its legs). It
        // still runs the next step.
        stopped = String(format: "%.1fx the time of the step before", run.seconds / before)
      }
      medianBefore[label] = run.seconds
      var step = ScaleStep(
        era: label, riders: riders, wallSeconds: run.timedOut ? nil : run.seconds,
        peakMegabytes: Double(run.peakBytes) / 1_048_576, peakThreads: run.peakThreads,
        stopped: stopped)
      step.each = each
      step.visits = JSONReport(run.output)?.stationVisits
      step.processorSeconds = run.timedOut ? nil : run.processorSeconds
      step.withFloors(Array(processes.dropFirst()), legs: legs, limit: options.scaleLimit)
      steps.append(step)
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

  /// How many processes measure a run or a floor, given the first: the
  /// count of the first of `tiers` whose seconds it took under, else one
  /// (steadier, and dear). A process of a second moves by a quarter from
  /// one to the next on this machine, one of a few seconds by a tenth: the
  /// median of fifteen takes out seven slow ones, of seven three. The run
  /// and its floors are measured alike, so that their ratio is of medians.
  /// Where a measurement's first processes straddle an edge, its count
  /// changes from one run of the bench to the next. On 2026-11-29 the
  /// edges lay between this machine's clusters but the old 5 s one (the
  /// callbacks' second floor of 4.4 to 7.0 s, seven processes in one run,
  /// three in the next); on 2026-12-01, a machine whose floors sped up by
  /// 10 to 32 % over three runs, the callbacks' 100,000-rider floors
  /// straddled 2 s, the actors' 8 s and dispatch's 100,000-rider run 16 s.
  static func processes(first seconds: Double) -> Int {
    tiers.first { seconds < $0.under }?.processes ?? 1
  }
  /// Processes a measurement takes when its first took under so many
  /// seconds; the first tier that holds it counts.
  static let tiers: [(under: Double, processes: Int)] = [(2, 15), (8, 7), (16, 5), (60, 3)]

  /// The tiers in words, for the report: "fifteen processes (seven from
  /// 2 s, five from 8 s, three from 16 s, one from 60 s)".
  static var processesInWords: String {
    let counts = tiers.map(\.processes) + [1]
    let edges = tiers.map { "from \(Int($0.under)) s" }
    let later = zip(counts.dropFirst(), edges).map { "\(Self.word($0)) \($1)" }
    return "\(Self.word(counts[0])) processes (\(later.joined(separator: ", ")))"
  }

  private static func word(_ count: Int) -> String {
    let words = [1: "one", 3: "three", 5: "five", 7: "seven", 15: "fifteen"]
    return words[count] ?? String(count)
  }

  typealias Command = (executable: String, arguments: [String])

  /// A step's run (nil: it is not run) and its three floors, each a
  /// process of its own timed whole, once, in that order: the era's floor
  /// of waiting, the simplest one (under the floor's thread cap), and the
  /// second floor (the floor's riders visiting 1,000 stations, as many as
  /// the run's city has, each visit the era's bare primitive). Each with
  /// its name and command, to be measured again (`repeats`).
  func measureOnce(
    _ label: String, era: String, riders: Int, legs: Int, extra: [String], run: [String]?
  ) throws -> [(name: String, command: Command, first: Spawned)] {
    var measured: [(name: String, command: Command, first: Spawned)] = []
    func once(_ name: String, _ executable: String, _ arguments: [String]) throws -> Spawned {
      // The run's own line is the step's ("callbacks, 10000 riders").
      if !measured.isEmpty || run == nil { note("\(label), \(riders) riders: \(name)") }
      let first = try Spawn.run(executable, arguments, limit: options.scaleLimit)
      measured.append((name, (executable, arguments), first))
      return first
    }
    if let run { _ = try once("the run", path(era), run) }
    let waits = ["--riders", "\(riders)", "--legs", "\(legs)", "--leg-ms", "1"]
    let floor = try once("the floor", path(era), ["bench-floor"] + waits + extra)
    let cap = Self.floor(of: floor, legs: legs, limit: options.scaleLimit).threadCap
    _ = try once(
      "the simplest floor", Bundle.main.executablePath ?? CommandLine.arguments[0],
      ["simplest-floor", era] + waits + (cap.map { ["--thread-cap", "\($0)"] } ?? []))
    _ = try once(
      "the second floor", path(era),
      ["bench-floor"] + waits + ["--stations", "\(GeneratedCity.stations)"] + extra)
    return measured
  }

  /// A process's wall time; nil when it failed or ran out of time.
  static func seconds(of process: Spawned) -> Double? {
    process.timedOut || process.status != 0 ? nil : process.seconds
  }

  /// Measures again, given each measurement's first, until each has as
  /// many as `processes` says of its first, in the order `order` gives. A
  /// measurement without a time (it failed, or ran out of time) ends its
  /// own and comes back alone; the others go on.
  static func repeats<Measured>(
    _ firsts: [Measured], seconds: (Measured) -> Double?,
    again: (_ index: Int) throws -> Measured
  ) rethrows -> [[Measured]] {
    var measured = firsts.map { [$0] }
    for index in order(of: firsts.map(seconds)) where measured[index].last.flatMap(seconds) != nil {
      let one = try again(index)
      if seconds(one) == nil {
        measured[index] = [one]
      } else {
        measured[index].append(one)
      }
    }
    return measured
  }

  /// The order of the processes measured again, given each first's
  /// seconds (nil: it failed): spread evenly over the time they take
  /// together, each taking about its first's time. A measurement that
  /// wants k more has them at the middles of k equal parts of that time;
  /// at the same moment, in the measurements' order (a step's run, then
  /// its floors). So a slow stretch of the machine, which here lasts
  /// minutes, falls on a few of each measurement's processes, not on all
  /// of one step's.
  static func order(of firsts: [Double?]) -> [Int] {
    let more = firsts.map { $0.map { processes(first: $0) - 1 } ?? 0 }
    let total = zip(firsts, more).reduce(0.0) { $0 + ($1.0 ?? 0) * Double($1.1) }
    var planned: [(at: Double, index: Int)] = []
    for (index, count) in more.enumerated() {
      for part in 0..<count {
        planned.append((total * (Double(part) + 0.5) / Double(count), index))
      }
    }
    return planned.sorted { ($0.at, $0.index) < ($1.at, $1.index) }.map(\.index)
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
