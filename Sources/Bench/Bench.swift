import BikeShare
import Foundation

/// `bikes-bench`: the price of safety in every era, measured. It runs the
/// era executables (it cannot link them), interleaved (A B C D E, then again)
/// so that every ratio compares runs made under the same conditions.
@main
enum Bench {
  static let executable = "bikes-bench"

  /// Timings of unoptimised code say nothing about the eras.
  static var isDebugBuild: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  static func main() {
    Console.claimStandardStreams()
    if CommandLine.arguments.dropFirst().first == "simplest-floor" {
      exit(SimplestFloor.main(Array(CommandLine.arguments.dropFirst(2))))
    }
    if CommandLine.arguments.dropFirst().first == "compare" {
      exit(Compare.main(Array(CommandLine.arguments.dropFirst(2))))
    }
    if BenchOptions.asksForVersion(Array(CommandLine.arguments.dropFirst())),
      !OptionReader.asksForHelp(
        CommandLine.arguments.dropFirst(), takesValue: BenchOptions.valueOptions.contains)
    {
      Console.out("\(executable) \(CommandLineParser.version)")
      exit(ExitCode.done)
    }
    let options: BenchOptions
    do {
      guard let parsed = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        Console.out(BenchOptions.help)
        exit(0)
      }
      options = parsed
    } catch {
      Console.error("\(executable): \(error.description)")
      exit(ExitCode.usageError)
    }
    if isDebugBuild {
      Console.error(
        "\(executable): this is a debug build, whose figures mean nothing; run Scripts/bench.sh")
      exit(ExitCode.usageError)
    }
    do {
      let bench = try Run(options)
      exit(bench.everything())
    } catch {
      Console.error("\(executable): \(Text.escaped("\(error)"))")
      exit(ExitCode.runtimeError)
    }
  }
}

/// One run of the bench: the parts asked for, then the report.
struct Run {
  let options: BenchOptions
  let folder: URL

  struct NotBuilt: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) not found: build every era first (Scripts/bench.sh does)" }
  }

  init(_ options: BenchOptions) throws {
    self.options = options
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    folder =
      options.binDirectory.map { URL(fileURLWithPath: $0) } ?? own.deletingLastPathComponent()
    for era in options.eras {
      let path = folder.appendingPathComponent("bikes-\(era)").path
      guard FileManager.default.isExecutableFile(atPath: path) else { throw NotBuilt(path: path) }
    }
  }

  func path(_ era: String) -> String { folder.appendingPathComponent("bikes-\(era)").path }

  func note(_ line: String) { Console.error("  " + line) }

  func everything() -> Int32 {
    var report = Report(machine: Machine(toolchain: options.toolchain, quick: options.quick))
    if options.format == .text { Console.out(report.machine.lines.joined(separator: "\n")) }
    do {
      if options.parts.contains(.operations) { report.operations = try operations() }
      if !options.parts.filter({ ![.operations, .order, .explore].contains($0) }).isEmpty {
        let city = try GeneratedCity.write()
        if options.parts.contains(.throughput) { report.throughput = try throughput(on: city) }
        if options.parts.contains(.scale) { report.scale = try scale(on: city) }
        if options.parts.contains(.callOffs) { report.callOffs = try callOffs(on: city) }
      }
      if options.parts.contains(.order) { report.order = try order() }
      if options.parts.contains(.explore) { report.explore = try explore() }
    } catch {
      Console.error("\(Bench.executable): \(Text.escaped("\(error)"))")
      return ExitCode.runtimeError
    }
    report.reading = report.plainWords()
    switch options.format {
    case .text: Console.out(report.text(options).joined(separator: "\n"))
    case .json: Console.out(report.json())
    }
    return ExitCode.done
  }

  struct EraFailed: Error, CustomStringConvertible {
    let era: String
    let detail: String
    var description: String { "bikes-\(era) failed: \(detail)" }
  }

  // MARK: - Part 1: what one station operation costs

  func operations() throws -> [OperationCost] {
    Console.error("bench: operations (\(options.repetitions) rounds, eras interleaved)")
    var atomic: [Double] = []
    var registry: [Double] = []
    var timings: [String: [BenchTiming]] = [:]
    var order: [String: [String]] = [:]  // each era's cases in the order it printed them
    for round in 1...options.repetitions {
      atomic.append(AtomicLimit.measure(adds: options.quick ? 2_000_000 : 20_000_000))
      registry.append(RegistryCost.measure(visits: options.quick ? 2_000_000 : 20_000_000))
      for era in options.eras {
        note("round \(round) of \(options.repetitions): \(era)")
        let riders = options.riderCounts.map(String.init).joined(separator: ",")
        let run = try Spawn.run(
          path(era), ["bench-ops", "--riders", riders, "--millis", "\(options.millis)"],
          limit: 600)
        guard run.status == 0, !run.timedOut else {
          throw EraFailed(era: era, detail: "bench-ops exited \(run.status)")
        }
        let decoder = JSONDecoder()
        for line in run.output.split(separator: "\n") {
          guard let timing = try? decoder.decode(BenchTiming.self, from: Data(line.utf8)) else {
            continue
          }
          timings["\(era)|\(timing.case)|\(timing.riders)", default: []].append(timing)
          if !order[era, default: []].contains(timing.case) {
            order[era, default: []].append(timing.case)
          }
        }
      }
    }
    let atomicNs = Spread(atomic).median
    var costs: [OperationCost] = []
    for era in options.eras {
      let names = order[era] ?? []
      let bares = names.filter { $0.hasPrefix("bare") }
      for riders in options.riderCounts {
        func median(_ name: String) -> Double? {
          timings["\(era)|\(name)|\(riders)"].map { Spread($0.map(\.nsPerOperation)).median }
        }
        for name in names {
          guard let runs = timings["\(era)|\(name)|\(riders)"] else { continue }
          let ns = Spread(runs.map(\.nsPerOperation))
          let isBare = runs[0].bare
          let bare = isBare ? nil : OperationCost.bare(for: name, among: bares)
          costs.append(
            OperationCost(
              era: era, case: name, bare: isBare, riders: riders, ns: ns,
              timesAtomic: ns.median / atomicNs,
              timesBare: bare.flatMap(median).map { ns.median / $0 }, bareCase: bare))
        }
      }
    }
    costs.append(
      OperationCost(
        era: "machine", case: "one atomic add", bare: true, riders: 1, ns: Spread(atomic),
        timesAtomic: 1, timesBare: nil, bareCase: nil))
    // What the watchdog's registry adds to each visit of a normal run.
    let registryNs = Spread(registry)
    costs.append(
      OperationCost(
        era: "machine", case: "registry: arrive, leave, add", bare: true, riders: 1,
        ns: registryNs, timesAtomic: registryNs.median / atomicNs, timesBare: nil, bareCase: nil))
    return costs
  }

  /// One run of `era` on the generated city, JSON out, at window 0.
  func simulate(
    _ era: String, mode: String, riders: Int, paths: Int, legMs: Int, on city: String,
    extra: [String] = [], limit: Double
  ) throws -> Spawned {
    try Spawn.run(
      path(era),
      [
        "--mode", mode, "--format", "json", "--riders", "\(riders)", "--paths", "\(paths)",
        "--leg-ms", "\(legMs)", "--race-window-us", "0", "--city", city, "--stations",
        "\(GeneratedCity.stations)",
      ] + extra, limit: limit)
  }

  // MARK: - Part 2: simulation throughput

  /// - Parameter city: the path of the generated city.
  func throughput(on city: String) throws -> [Throughput] {
    let riders = options.quick ? 20 : 400
    // 200 paths: the fastest eras' runs last a tenth of a second or more.
    // With 20 (15,600 visits) they lasted 20 to 70 ms, dispatch's mostly a
    // fixed 26 ms, and a slow stretch of the machine cut a round's figure
    // to a third (actors, 2026-12-01: rounds of 212,660 and 656,046 visits
    // a second in one part).
    let paths = options.quick ? 5 : 200
    let rounds = options.quick ? 1 : 3
    Console.error("bench: throughput (\(rounds) rounds, \(riders) riders, 0 ms legs)")
    var found: [String: [(Double, Int?)]] = [:]
    for round in 1...rounds {
      for era in options.eras {
        for mode in ["racy", "safe"] {
          note("round \(round) of \(rounds): \(era) \(mode)")
          let run = try simulate(
            era, mode: mode, riders: riders, paths: paths, legMs: 0, on: city, limit: 300)
          guard run.status == 0, let report = JSONReport(run.output) else {
            throw EraFailed(era: era, detail: "exit \(run.status) in --mode \(mode)")
          }
          found["\(era)|\(mode)", default: []].append(
            (report.visits / report.wallSeconds, run.peakThreads))
        }
      }
    }
    return options.eras.flatMap { era in
      ["racy", "safe"].compactMap { mode in
        found["\(era)|\(mode)"].map { runs in
          Throughput(
            era: era, mode: mode, riders: riders, visitsPerSecond: Spread(runs.map(\.0)),
            peakThreads: runs.compactMap(\.1).max())
        }
      }
    }
  }

}

/// The few fields of an era's JSON report the bench reads.
struct JSONReport {
  /// The legs walked (normal and waiting): section 2's count of visits.
  let visits: Double
  let wallSeconds: Double
  /// Every station visit: a leg follows each visit but a rider's last.
  let stationVisits: Int

  init?(_ output: String) {
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("{") }),
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let normal = object["normal_legs"] as? Int, let waiting = object["waiting_legs"] as? Int,
      let wall = object["wall_seconds"] as? Double, wall > 0,
      let riders = object["riders"] as? Int
    else { return nil }
    visits = Double(normal + waiting)
    stationVisits = normal + waiting + riders
    wallSeconds = wall
  }
}

/// A city where bikes and slots never limit the riders: `stations` stations
/// of `docks` docks, half of them holding a bike (as `Scripts/make-city.sh`).
enum GeneratedCity {
  /// The bench's city: every run of the throughput and scale parts visits
  /// all of it, and the second floor visits as many stations.
  static let stations = 1_000
  static let docks = 200

  static func write(stations: Int = stations, docks: Int = docks) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("bikes-bench-\(stations)x\(docks).json").path
    var text = #"{"network": {"id": "generated", "name": "generated", "stations": ["#
    for index in 1...stations {
      text +=
        #"{"id": "s\#(index)", "name": "Station \#(index)", "free_bikes": \#(docks / 2), "empty_slots": \#(docks - docks / 2)}"#
      text += index < stations ? ",\n" : "\n"
    }
    text += "]}}\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
