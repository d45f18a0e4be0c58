import BikeShare
import Foundation
import TestSupport
import Testing

@testable import Bench

@Suite struct BenchOptionsTests {
  @Test func theDefaultsMeasureEverythingInEveryEra() throws {
    let options = try #require(try BenchOptions.parse([]))
    #expect(options.parts == BenchOptions.Part.allCases)
    #expect(options.eras == ["callbacks", "operations", "dispatch", "futures", "actors"])
    #expect(options.repetitions == 5)
    #expect(options.scaleSteps == [1_000, 10_000, 100_000])
  }

  @Test func quickIsSmallEverywhere() throws {
    let options = try #require(try BenchOptions.parse(["--quick", "--parts", "scale,operations"]))
    #expect(options.repetitions == 2)
    #expect(options.scaleSteps == [1_000])
    // In the bench's own order, whatever order they were given in.
    #expect(options.parts == [.operations, .scale])
  }

  @Test func helpWinsAndIsNotAnError() throws {
    #expect(try BenchOptions.parse(["--quick", "--help"]) == nil)
    #expect(try BenchOptions.parse(["--parts", "--help"]) == nil)
  }

  /// Options read as the eras read theirs (fuzz-7, finding 3).
  @Test func optionsReadAsEveryOtherExecutablesDo() throws {
    let inline = try #require(try BenchOptions.parse(["--parts=order", "--eras=actors"]))
    #expect(inline.parts == [.order])
    #expect(inline.eras == ["actors"])
    // A value never starts with `--`; `-h` after a value option is its value.
    #expect(throws: UsageError("--toolchain needs a value")) {
      try BenchOptions.parse(["--toolchain", "--quick"])
    }
    #expect(try #require(try BenchOptions.parse(["--toolchain", "-h"])).toolchain == "-h")
    #expect(BenchOptions.asksForVersion(["--quick", "--version"]))
    #expect(!BenchOptions.asksForVersion(["--toolchain", "--quick"]))
  }

  /// What is typed or read from a file reaches the terminal escaped
  /// (fuzz-7, finding 2).
  @Test func theToolchainIsPrintedEscaped() {
    let machine = Machine(toolchain: "\u{1B}[2J\u{202E}T\nX", quick: false)
    let header = machine.lines.joined(separator: "\n")
    for raw in ["\u{1B}", "\u{202E}"] { #expect(!header.contains(raw)) }
    #expect(machine.lines.count == 2)
  }

  @Test(arguments: [["--version"], ["--quick", "--version"], ["compare", "--version"]])
  func theVersionIsOneLine(arguments: [String]) async throws {
    let run = try await Executable("bikes-bench").running(arguments)
    #expect(run.status == 0)
    #expect(run.outputLines == ["bikes-bench 0.1.0"])
  }

  @Test(arguments: [
    (
      ["--parts", "speed"],
      "--parts expects operations, throughput, scale, call-offs, order or explore, got 'speed'"
    ),
    (
      ["--eras", "callbacks,threads"],
      "--eras expects names from callbacks, operations, dispatch, futures, actors, got 'threads'"
    ),
    (["--format", "yaml"], "--format expects text or json, got 'yaml'"),
    (["--bin-dir"], "--bin-dir needs a value"),
    (["--fast"], "unknown option '--fast' (see --help)"),
    (["--quick=yes"], "--quick takes no value"),
  ])
  func badOptionsAreOneLine(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try BenchOptions.parse(arguments) }
  }
}

@Suite struct BenchFiguresTests {
  @Test func aSpreadIsTheMedianAndTheExtremes() {
    #expect(Spread([3, 1, 2]) == Spread([1, 2, 3]))
    #expect(Spread([3, 1, 2]).median == 2)
    #expect(Spread([4, 1, 3, 2]).median == 2.5)
    #expect(Spread([4, 1, 3, 2]).min == 1)
    #expect(Spread([4, 1, 3, 2]).max == 4)
  }

  @Test func eachCaseIsComparedWithTheBarePrimitiveOfItsOwnLock() {
    let bares = ["bare: mutex around nothing", "bare: serial-queue around nothing"]
    #expect(OperationCost.bare(for: "safe, lock serial-queue", among: bares) == bares[1])
    #expect(OperationCost.bare(for: "racy, lock mutex", among: bares) == bares[0])
    #expect(
      OperationCost.bare(for: "safe, fix method", among: ["bare: actor call"]) == "bare: actor call"
    )
    #expect(OperationCost.bare(for: "safe", among: bares) == nil)
  }

  static func cost(_ era: String, _ name: String, ns: Double, bare: Double?) -> OperationCost {
    OperationCost(
      era: era, case: name, bare: name.hasPrefix("bare"), riders: 1, ns: Spread([ns]),
      timesAtomic: ns / 2, timesBare: bare.map { ns / $0 },
      bareCase: name.hasPrefix("bare") ? nil : "bare: actor call")
  }

  static var report: Report {
    var report = Report(machine: Machine(toolchain: "Swift 6.3.1", quick: false))
    report.operations = [
      cost("actors", "racy", ns: 130, bare: 100),
      cost("actors", "safe, fix method", ns: 100, bare: 100),
      cost("actors", "bare: actor call", ns: 100, bare: nil),
    ]
    report.throughput = [
      Throughput(
        era: "actors", mode: "racy", riders: 400, visitsPerSecond: Spread([1_000]), peakThreads: 7),
      Throughput(
        era: "actors", mode: "safe", riders: 400, visitsPerSecond: Spread([2_500]), peakThreads: 7),
    ]
    report.scale = [
      ScaleStep(
        era: "actors", riders: 1_000, wallSeconds: 0.1, peakMegabytes: 40, peakThreads: 7,
        stopped: nil,
        floor: ScaleStep.Floor(
          legs: 19, wallSeconds: 0.08, peakMegabytes: 30, peakThreads: 6, stopped: nil)),
      ScaleStep(
        era: "operations", riders: 1_000, wallSeconds: nil, peakMegabytes: 900, peakThreads: 9,
        stopped: "still running after 60 s: stopped"),
    ]
    report.scale[0].visits = 20_000
    report.scale[0].processorSeconds = 0.15
    report.scale[0].simplest = ScaleStep.Floor(
      legs: 19, wallSeconds: 0.05, peakMegabytes: 20, peakThreads: 5, stopped: nil)
    report.scale[0].secondFloor = ScaleStep.Floor(
      legs: 19, wallSeconds: 0.082, peakMegabytes: 31, peakThreads: 6, stopped: nil,
      visits: 20_000, primitive: "actor call", perVisit: 1, why: "one hop",
      processorSeconds: 0.11)
    report.callOffs = [
      CallOffStep(
        era: "actors", mode: "racy", riders: 1_000, legMs: 10, calledOff: 100, stranded: 100,
        medianStopSeconds: 0.000_05, largestStopSeconds: 0.000_4, visitsAfter: 0)
    ]
    report.order = [
      OrderStep(
        era: "actors", racyWay: "Task {} from nonisolated code",
        safeWay: "one task reading an AsyncStream", pairs: 20_000, racyMicroseconds: 7.5,
        safeMicroseconds: 19.5, racySecondFirst: 812)
    ]
    report.reading = report.plainWords()
    return report
  }

  @Test func thePlainWordsSayWhatWasMeasured() {
    #expect(
      Self.report.reading == [
        "actors: a safe take or leave (safe, fix method) costs 100 ns, 1.0x its bare primitive"
          + " (actor call) and 50x an atomic add; its racy pair costs 1.3x the safe one; the whole"
          + " run does 2.5x the racy visits a second.",
        "actors ran 1000 riders in 0.10 s with 40 MB at most, 1.2x its floor (0.08 s only to"
          + " wait out the legs, 1.6x the simplest floor) and 1.2x its second floor (0.08 s: the"
          + " floor and its bare primitive, actor call, 1 a visit).",
        "operations stopped scaling at 1000 riders (still running after 60 s: stopped).",
      ])
  }

  /// Wrapped to the page, a figure keeps its unit on its line.
  @Test func aFigureAndItsUnitStayOnOneLine() {
    let text =
      "operations ran 1000 riders in 0.13 s with 43 MB at most, 3.0x its floor (0.04 s only"
    #expect(
      Report.wrapped(text, width: 78) == [
        "operations ran 1000 riders in 0.13 s with 43 MB at most, 3.0x its floor",
        "  (0.04 s only",
      ])
    #expect(Report.wrapped("a rest of 9.2 µs: more", width: 14) == ["a rest of", "  9.2 µs: more"])
  }

  @Test func theTablesFitAHundredColumnsAndTheJSONHasEveryPart() throws {
    var options = try #require(try BenchOptions.parse([]))
    options.eras = ["actors"]
    let text = Self.report.text(options)
    for line in text { #expect(line.count <= 100, "\(line)") }
    #expect(text.contains { $0.hasPrefix("actors     safe, fix method") })
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.report.json().utf8)) as? [String: Any])
    #expect(
      Set(json.keys) == [
        "machine", "operations", "throughput", "scale", "call_offs", "order", "explore",
        "reading",
      ])
    #expect(
      text.contains(
        "actors     Task {} from nonisolated code   7.5 one task reading an AsyncStream   19.5"
          + " 2.6x       812"),
      "\(text)")
    let order = try #require(json["order"] as? [[String: Any]])
    #expect(order[0]["safe_microseconds_a_pair"] as? Double == 19.5)
    #expect(
      text.contains(
        "actors       racy     1000         100       100   0.1 ms     0.4 ms   0.0x      0"),
      "\(text)")
    let callOffs = try #require(json["call_offs"] as? [[String: Any]])
    #expect(callOffs[0]["stranded"] as? Int == 100 && callOffs[0]["median_stop_seconds"] != nil)
    let scale = try #require(json["scale"] as? [[String: Any]])
    #expect(scale[0]["ratio"] as? Double == 0.1 / 0.08)
    #expect((scale[0]["floor"] as? [String: Any])?["legs"] as? Int == 19)
    #expect(scale[1]["floor"] == nil && scale[1]["ratio"] == nil)
  }

  /// A step its era cannot finish in time is not run, and says why in one line.
  @Test func aStepPastTheLimitAtThePaceOfTheOneBeforeIsNotRun() {
    #expect(
      Run.beyondTheLimit(riders: 100_000, after: (10_000, 19.9), limit: 60)
        == "not run: about 199 s at its pace")
    #expect(Run.beyondTheLimit(riders: 100_000, after: (10_000, 5.9), limit: 60) == nil)
  }

  @Test func bigNumbersAreGroupedByThousands() {
    #expect(Report.grouped(1_900_000) == "1,900,000")
    #expect(Report.grouped(19_000) == "19,000")
    #expect(Report.grouped(190) == "190")
    #expect(Report.grouped(-1_000) == "-1,000")
  }

  @Test func theScaleTableSetsEachRunBesideItsFloorAndTheFloorsSideBySide() throws {
    let text = Self.report.text(try #require(try BenchOptions.parse([])))
    #expect(
      text.contains(
        "actors            1000   0.10 s   0.08 s    1.2x   40 MB       7  "))
    // Section 4's opening, wrapped to the page: its words, whatever the wrap.
    let words = text.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(
      words.contains(
        "4. The floors: each rider only waits out 19 legs of 1 ms, in the era's own way"))
    #expect(
      words.contains("nothing else: 19,000 waits at 1,000 riders. Beside it, the simplest floor:"))
    #expect(text.contains { $0.hasPrefix("4. The floors:") && $0.count <= 80 })
  }

  /// A floor the time limit stopped says so in section 4's last column
  /// (which has no width: its text is never cut).
  @Test func aStoppedFloorSaysWhyInTheFloorsTable() throws {
    var report = Self.report
    report.scale[0].floor = ScaleStep.Floor(
      legs: 19, wallSeconds: nil, peakMegabytes: 30, peakThreads: 6,
      stopped: "still waiting after 400 s: stopped")
    let text = report.text(try #require(try BenchOptions.parse([])))
    #expect(
      text.contains(
        "actors            1000        -   0.05 s          -   30 MB       6  still waiting after 400 s:"
          + " stopped"), "\(text.joined(separator: "\n"))")
  }

  /// The second floor, measured: what its visits added over their number,
  /// and the run's ratio to it, in the table and the JSON; the floor
  /// beside the simplest one.
  @Test func theSecondFloorIsMeasuredAndTheFloorSetBesideTheSimplest() throws {
    let step = try #require(Self.report.scale.first)
    #expect(abs((step.nsPerVisit ?? 0) - 100) < 1e-6)
    #expect(abs((step.secondFloorSeconds ?? 0) - 0.082) < 1e-9)
    #expect(abs((step.secondRatio ?? 0) - 0.1 / 0.082) < 1e-9)
    #expect(abs((step.floorRatio ?? 0) - 0.08 / 0.05) < 1e-9)
    let text = Self.report.text(try #require(try BenchOptions.parse([])))
    #expect(
      text.contains(
        "actors            1000      20,000     100 ns   0.08 s   0.10 s    1.2x     1.2x        2.0 µs"
      )
    )
    #expect(abs((step.restMicrosecondsPerVisit ?? 0) - 2) < 1e-9)
    // A rest below 0 reads in the same units as one above.
    #expect(Report.ns(-12_285) == "-12.3 µs" && Report.ns(-231) == "-231 ns")
    #expect(text.contains("   a visit: actors: actor call, 1 a visit (one hop)"))
    #expect(
      text.contains("actors            1000   0.08 s   0.05 s       1.6x   30 MB       6  "))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.report.json().utf8)) as? [String: Any])
    let scale = try #require(json["scale"] as? [[String: Any]])
    #expect(scale[0]["visits"] as? Int == 20_000)
    #expect(abs((scale[0]["second_ratio"] as? Double ?? 0) - 0.1 / 0.082) < 1e-9)
    #expect(scale[1]["second_floor_seconds"] == nil)
    #expect(abs((scale[0]["rest_microseconds_a_visit"] as? Double ?? 0) - 2) < 1e-9)
    #expect(scale[1]["rest_microseconds_a_visit"] == nil)
  }

  /// A run or a floor whose first process takes under 2 s is measured by
  /// fifteen processes, under 8 s by seven, under 16 s by five, under 60 s
  /// by three; a longer one, once. The report says so in words.
  @Test func aCommandIsMeasuredFifteenSevenFiveThreeOrOneTimes() {
    #expect(Run.processes(first: 1.9) == 15)
    #expect(Run.processes(first: 2) == 7)
    #expect(Run.processes(first: 7.9) == 7)
    #expect(Run.processes(first: 8) == 5)
    #expect(Run.processes(first: 15.9) == 5)
    #expect(Run.processes(first: 16) == 3)
    #expect(Run.processes(first: 59.9) == 3)
    #expect(Run.processes(first: 60) == 1)
    #expect(
      Run.processesInWords
        == "fifteen processes (seven from 2 s, five from 8 s, three from 16 s, one from 60 s)")
  }

  /// The processes measured again are spread over the time they take
  /// together, not one measurement's in a row: here a run of 2 s (six
  /// more), floors of 20 and 30 s (two more each) and one of 90 s (none).
  /// The runs' six come at the middles of six equal parts of the 112 s, the
  /// floors' two at a quarter and three quarters; at the same moment, in
  /// the measurements' order.
  @Test func theProcessesMeasuredAgainAreSpreadOverTheirTime() {
    var order: [Int] = []
    let measured = Run.repeats(
      [2.0, 20, 30, 90], seconds: { $0 },
      again: { index in
        order.append(index)
        return Double(index) + 0.5
      })
    #expect(order == [0, 0, 1, 2, 0, 0, 0, 1, 2, 0])
    #expect(measured.map(\.count) == [7, 3, 3, 1])
    #expect(measured[1] == [20, 1.5, 1.5])
    // A floor of 30 s measured twice more does not push the run's six
    // more to the end: two come before its first.
    #expect(Run.order(of: [2, 30]) == [0, 0, 1, 0, 0, 0, 1, 0])
  }

  /// A process that fails (nil: no time) ends its own measurement, which
  /// comes back as that process alone; the others go on. A first that
  /// fails is not measured again.
  @Test func aFailedProcessEndsOnlyItsOwnMeasurement() {
    var order: [Int] = []
    let measured = Run.repeats(
      [2.0, 3, nil], seconds: { $0 },
      again: { index -> Double? in
        order.append(index)
        return index == 0 && order.count > 2 ? nil : 1
      })
    #expect(order == [0, 1, 0, 1, 1, 1, 1, 1])
    #expect(measured[0] == [nil])
    #expect(measured[1].count == 7 && measured[2] == [nil])
  }

  /// The median process by wall time comes back with every process's wall
  /// time in the order measured; a single process, without. A floor is its
  /// median process's, memory and all, with every time.
  @Test func aRunIsItsMedianProcessWithEveryTime() {
    func process(_ seconds: Double) -> Spawned {
      Spawned(
        output: "\(seconds)", status: 0, seconds: seconds, processorSeconds: seconds,
        peakThreads: 1, peakBytes: 1, timedOut: false)
    }
    let (median, each) = Run.median(of: [process(0.5), process(0.3), process(0.4)])
    #expect(median.output == "0.4" && each == [0.5, 0.3, 0.4])
    #expect(Run.median(of: [process(0.2)]).1 == nil)
    var step = ScaleStep(
      era: "callbacks", riders: 1, wallSeconds: nil, peakMegabytes: nil, peakThreads: nil,
      stopped: nil)
    let floors = [process(0.5), process(0.3), process(0.4)].map { one in
      var one = one
      one.peakBytes = Int((one.seconds * 10).rounded()) * 1_048_576
      return one
    }
    step.withFloors([floors, [process(0.2)], floors], legs: 19, limit: 1)
    #expect(step.floor?.wallSeconds == 0.4 && step.floor?.peakMegabytes == 4)
    #expect(step.floor?.each == [0.5, 0.3, 0.4] && step.simplest?.each == nil)
  }

  /// A run's visits: a leg after every visit but each rider's last.
  @Test func aRunsVisitsAreItsLegsAndOneMoreARider() throws {
    let line =
      #"{"normal_legs": 1900, "waiting_legs": 100, "riders": 100, "wall_seconds": 0.5}"#
    let report = try #require(JSONReport(line))
    #expect(report.stationVisits == 2_100)
  }
}

@Suite(.timeLimit(.minutes(2))) struct BenchProcessTests {
  @Test func aChildsOutputStatusAndTimeLimitAreSeen() throws {
    let done = try Spawn.run("/bin/sh", ["-c", "echo hi; exit 3"], limit: 10)
    #expect(done.output == "hi\n")
    #expect(done.status == 3)
    #expect(!done.timedOut)
    // A child that would run for a minute is stopped at its limit.
    let stopped = try Spawn.run("/bin/sh", ["-c", "exec sleep 60"], limit: 0.2)
    #expect(stopped.timedOut)
    #expect(stopped.status == 128 + 9)
  }

  /// The processor time a child spent, its threads' and the kernel's for it.
  @Test func aChildsProcessorTimeIsCounted() throws {
    let idle = try Spawn.run("/bin/sh", ["-c", "exit 0"], limit: 10)
    let busy = try Spawn.run(
      "/bin/sh", ["-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"], limit: 30)
    #expect(busy.status == 0)
    #expect(busy.processorSeconds > 0.05, "\(busy.processorSeconds)")
    #expect(idle.processorSeconds < busy.processorSeconds)
  }

  @Test func aMissingExecutableIsAnError() {
    #expect(throws: Spawn.Failure.self) { try Spawn.run("/nonexistent/bikes-x", [], limit: 1) }
  }

  /// The bench's city is 1,000 stations of 200 docks, half of them holding
  /// a bike: what the report's headings and the second floor's stations say.
  @Test func theGeneratedCityLoadsWithEveryStation() async throws {
    let path = try GeneratedCity.write()
    let city = try await CitySource.parse(path).get().load()
    #expect(city.stations.count == 1_000)
    #expect(city.stations.allSatisfy { $0.freeBikes == 100 && $0.emptySlots == 100 })
  }

  /// The tests run debug builds, which the bench refuses.
  @Test func aDebugBuildIsRefusedInOneLine() async throws {
    let result = try await Executable("bikes-bench").running(["--quick"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "bikes-bench: this is a debug build, whose figures mean nothing; run Scripts/bench.sh"
      ])
  }

  @Test(arguments: EraInfo.all.map(\.executable))
  func everyEraTimesItsCasesAndItsBarePrimitive(executable: String) async throws {
    let result = try await Executable(executable).running([
      "bench-ops", "--riders", "1,2", "--millis", "1",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let timings = try result.outputLines.map {
      try JSONDecoder().decode(BenchTiming.self, from: Data($0.utf8))
    }
    #expect(Set(timings.map(\.riders)) == [1, 2])
    #expect(timings.allSatisfy { $0.era == executable.dropFirst("bikes-".count).description })
    #expect(timings.contains { $0.bare })
    #expect(timings.contains { $0.case.hasPrefix("safe") })
    #expect(timings.contains { $0.case.hasPrefix("racy") })
    #expect(timings.allSatisfy { $0.nsPerOperation > 0 && $0.pairs > 0 })
    let bad = try await Executable(executable).running(["bench-ops", "--riders", "0"])
    #expect(bad.status == 2)
    #expect(bad.errorLines.count == 1)
  }

  /// The yardstick: each era's waiting written as simply as it can be.
  @Test(arguments: EraInfo.all.map(\.name))
  func theSimplestFloorWaitsOutEveryLeg(era: String) async throws {
    let bench = try Executable("bikes-bench")
    let result = try await bench.running([
      "simplest-floor", era, "--riders", "300", "--legs", "3", "--leg-ms", "5",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let floor = try #require(
      try JSONSerialization.jsonObject(with: Data((result.outputLines.first ?? "").utf8))
        as? [String: Any])
    #expect(floor["era"] as? String == era)
    #expect(try #require(floor["wall_seconds"] as? Double) >= 0.015)
    for arguments in [["callbacks", "--riders", "0"], ["nowhere"], ["actors", "--fast", "1"]] {
      let bad = try await bench.running(["simplest-floor"] + arguments)
      #expect(bad.status == 2, "\(arguments)")
      #expect(bad.errorLines.count == 1, "\(arguments)")
    }
  }

  @Test(arguments: EraInfo.all.map(\.executable))
  func everyEraWaitsOutItsFloor(executable: String) async throws {
    let bikes = try Executable(executable)
    let result = try await bikes.running([
      "bench-floor", "--riders", "300", "--legs", "3", "--leg-ms", "5",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let line = try #require(result.outputLines.first)
    let floor = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(floor["era"] as? String == executable.dropFirst("bikes-".count).description)
    #expect(floor["riders"] as? Int == 300)
    #expect(floor["legs"] as? Int == 3)
    // Three legs of 5 ms, one after the other: no rider can be quicker.
    #expect(try #require(floor["wall_seconds"] as? Double) >= 0.015)
    // An era whose riders hold threads says under what cap (the simplest
    // floor is given the same).
    let threadEras = ["bikes-dispatch", "bikes-futures"]
    #expect((floor["thread_cap"] as? Int != nil) == threadEras.contains(executable))
    // The second floor: every visit (three legs: four a rider) makes the
    // era's bare primitive as many times as the era says its visit needs.
    let second = try await bikes.running([
      "bench-floor", "--riders", "300", "--legs", "3", "--leg-ms", "1", "--stations", "10",
    ])
    #expect(second.status == 0, "\(second.standardError)")
    let visits = try #require(
      try JSONSerialization.jsonObject(with: Data((second.outputLines.first ?? "").utf8))
        as? [String: Any])
    let perVisit = try #require(visits["per_visit"] as? Int)
    #expect(perVisit >= 1)
    #expect(visits["primitives"] as? Int == 300 * 4 * perVisit)
    #expect(visits["stations"] as? Int == 10)
    #expect(!(visits["why"] as? String ?? "").isEmpty)
    // Only an era with a cap on its threads takes one.
    let capped = try await bikes.running(["bench-floor", "--thread-cap", "8"])
    #expect((capped.status == 0) == (executable == "bikes-dispatch"), "\(capped.standardError)")
    for arguments in [["--riders", "0"], ["--fast", "1"]] {
      let bad = try await bikes.running(["bench-floor"] + arguments)
      #expect(bad.status == 2, "\(arguments)")
      #expect(bad.errorLines.count == 1, "\(arguments)")
    }
  }

}
