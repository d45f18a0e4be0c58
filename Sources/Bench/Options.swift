import BikeShare

/// What `bikes-bench` was asked to do.
struct BenchOptions: Sendable, Equatable {
  enum Part: String, CaseIterable, Sendable {
    case operations, throughput, scale
    case callOffs = "call-offs"
    case order
    case explore
  }

  var parts = Part.allCases
  var format = OutputFormat.text
  /// A few seconds in all, for CI: fewer repetitions, shorter timings, one small scale step.
  var quick = false
  /// Where the era executables are; nil: beside this executable.
  var binDirectory: String?
  /// The toolchain, as `Scripts/bench.sh` read it from `swift --version`.
  var toolchain = "unknown toolchain"
  var eras = EraInfo.all.map(\.name)

  /// Repetitions of every measurement (medians over these).
  var repetitions: Int { quick ? 2 : 5 }
  /// How long one timed case of part 1 lasts at least, in milliseconds.
  var millis: Int { quick ? 5 : 100 }
  var riderCounts: [Int] { [1, 2, 8] }
  /// Part 3's steps; past the first, a step runs only if the one before scaled.
  var scaleSteps: [Int] { quick ? [1_000] : [1_000, 10_000, 100_000] }
  /// A run of part 3 (or one of its floors) that lasts longer is stopped:
  /// the era stopped scaling there. Long enough for every era's 100,000
  /// riders (the futures era's took about 200 s on two cores).
  var scaleLimit: Double { quick ? 30 : 400 }
  /// A run of part 4 that lasts longer is stopped.
  var callOffLimit: Double { quick ? 30 : 60 }

  static let help = """
    bikes-bench: the price of safety in every era, measured (release builds only)

    USAGE
      Scripts/bench.sh [options]     builds in release, then runs this
      bikes-bench compare RUN.json RUN.json [RUN.json...]
                                     the scale part's second floors over several runs
                                     (files of --format json): how far apart

    OPTIONS
      --parts LIST          operations,throughput,scale,call-offs,order,explore (default: all)
      --eras LIST           callbacks,operations,dispatch,futures,actors (default: all)
      --quick               a few seconds in all (CI): 2 repetitions, short timings,
                            1,000 riders (scale), 100 (call-offs), 500 pairs (order),
                            smaller stories (explore)
      --format text|json    json: one JSON object with every figure
      --bin-dir DIR         where the era executables are (default: beside this one)
      --toolchain TEXT      the toolchain to print in the header (Scripts/bench.sh passes it)
      --help, --version

    PARTS
      operations   a take and a leave on one station in each era's idiom and mode, with 1,
                   2 and 8 riders at once, beside the era's bare primitive and one atomic add
      throughput   each era's simulation with 0 ms legs, 400 riders × 200 paths: station
                   visits a second
      scale        1,000, 10,000 and 100,000 riders with 1 ms legs: wall, memory, threads,
                   each beside its floor (as many riders only waiting out their legs in
                   the era's own way), the floor beside the simplest one, and each run
                   against its second floor (the floor's riders also visiting stations,
                   each visit the era's bare primitive)
      call-offs    1,000 and 10,000 riders, one in ten called off while it rides: the
                   time from the call-off to the rider's stop, and the visits after it
      order        the order story's racy way to send work and its safe one, 20,000
                   pairs each (starts): the price of order per request
      explore      every schedule of the wait (3 riders), cancel and order (4) stories in
                   racy mode, a process each: schedules a second, wall and processor time

    EXIT CODES
      0 done   1 an era could not run, or a report to compare could not be read
      2 usage error (or a debug build)
    """

  /// The options that take a value (the rest are flags).
  static let valueOptions: Set<String> = [
    "--format", "--parts", "--eras", "--bin-dir", "--toolchain",
  ]

  /// Whether the command line asks for the version: read as the eras read
  /// it (`OptionReader.asksForVersion`), wherever an option can stand.
  static func asksForVersion(_ arguments: [String]) -> Bool {
    OptionReader.asksForVersion(arguments[...], takesValue: valueOptions.contains)
  }

  /// The options, or nil for help. Read as the eras read theirs
  /// (`OptionReader`): `--parts=order` as well as `--parts order`, help
  /// wherever an option can stand, and no value that starts with `--`.
  static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions? {
    if OptionReader.asksForHelp(arguments[...], takesValue: valueOptions.contains) { return nil }
    var options = BenchOptions()
    var reader = OptionReader(arguments[...])
    while reader.advance() {
      let flag = reader.flag
      func value() throws(UsageError) -> String { try reader.value() }
      if !valueOptions.contains(flag), reader.inlineValue != nil {
        throw UsageError("\(Text.quoted(flag)) takes no value")
      }
      switch flag {
      case "--quick": options.quick = true
      case "--format":
        let text = try value()
        guard let format = OutputFormat(rawValue: text) else {
          throw UsageError("--format expects text or json, got '\(Text.quoted(text))'")
        }
        options.format = format
      case "--parts":
        let names = try value().split(separator: ",").map(String.init)
        var parts: [Part] = []
        for name in names {
          guard let part = Part(rawValue: name) else {
            throw UsageError(
              "--parts expects operations, throughput, scale, call-offs, order or explore, got"
                + " '\(Text.quoted(name))'")
          }
          parts.append(part)
        }
        guard !parts.isEmpty else { throw UsageError("--parts needs at least one part") }
        options.parts = Part.allCases.filter(parts.contains)
      case "--eras":
        let names = try value().split(separator: ",").map(String.init)
        for name in names where EraInfo.named(name) == nil {
          throw UsageError(
            "--eras expects names from \(EraInfo.all.map(\.name).joined(separator: ", ")),"
              + " got '\(Text.quoted(name))'")
        }
        guard !names.isEmpty else { throw UsageError("--eras needs at least one era") }
        options.eras = EraInfo.all.map(\.name).filter(names.contains)
      case "--bin-dir":
        let folder = try value()
        if folder.isEmpty { throw UsageError("--bin-dir needs a folder") }
        options.binDirectory = folder
      case "--toolchain": options.toolchain = try value()
      default:
        throw UsageError("unknown option '\(Text.quoted(flag))' (see --help)")
      }
    }
    return options
  }
}
