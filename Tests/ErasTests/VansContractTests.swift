import BikeShare
import Dispatch
import Foundation
import TestSupport
import Testing

/// Vans in a normal run (`--vans`): in every era safe vans keep every
/// counter in range among riders; in every era that can hold a station,
/// nested vans deadlock and the watchdog names the cycle.
@Suite(.timeLimit(.minutes(2))) struct VansContractTests {
  static let stations = [
    StationRecord(id: "x-rossio", name: "Rossio", freeBikes: 3, emptySlots: 3),
    StationRecord(id: "y-chiado", name: "Chiado", freeBikes: 3, emptySlots: 3),
  ]

  /// Run as a user would, in a child under its own watchdog: a safe order
  /// broken on purpose (the vans deadlock for real) fails this test in
  /// seconds, with the cycle named, and leaves no thread of this process
  /// waiting.
  @Test(arguments: Eras.all)
  func safeVansAmongRidersKeepEveryCounterInRange(era: EraUnderTest) async throws {
    let result = try await era.executable().running(
      [
        "--mode", "safe", "--vans", "8", "--riders", "20", "--paths", "10", "--stations", "2",
        "--leg-ms", "0", "--watchdog-ms", "3000", "--format", "json",
      ], limit: 60)
    #expect(result.status == ExitCode.done, "\(result.standardOutput)\n\(result.standardError)")
    let line = try #require(result.outputLines.first, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect((report["violations"] as? [Any])?.isEmpty == true, "\(line)")
    #expect(report["conserved"] as? Bool == true)
    #expect(report["vans"] as? Int == 8)
    let moves = report["van_moves"] as? Int ?? 0
    #expect(moves + (report["van_turned_away"] as? Int ?? 0) == 8 * 10)
    #expect(moves > 0)
  }

  /// The first seed from 0 on whose vans 0 and 1 start in opposite directions.
  static let opposite: UInt64 =
    (0...).first { (seed: Int) in
      var first = VanRounds(
        van: 0, seed: UInt64(seed), stationCount: 2, transfers: 1, whereabouts: nil)
      var second = VanRounds(
        van: 1, seed: UInt64(seed), stationCount: 2, transfers: 1, whereabouts: nil)
      return first.next()?.from != second.next()?.from
    }.map(UInt64.init) ?? 0

  /// Two vans going opposite ways are held at `hold` until both hold their
  /// first station: then each waits for the other's, for ever. The watchdog
  /// sees no progress, and names who holds what and waits for what.
  @Test(arguments: Eras.all.filter(\.info.holdsStations))
  func nestedVansDeadlockAndTheWatchdogNamesTheCycle(era: EraUnderTest) async throws {
    var configuration = Configuration()
    configuration.modes = [.nested]
    configuration.riders = 1
    configuration.paths = 1
    configuration.vans = 2
    configuration.stationCount = 2
    configuration.seed = Self.opposite
    configuration.legMilliseconds = 0
    let both = DispatchGroup()
    both.enter()
    both.enter()
    let probe = BlockingRaceProbe(
      pause: { _ in },
      pass: { stop in
        if stop.point == .hold {
          both.leave()
          both.wait()  // until both vans hold their first station
        }
        return true
      }, finished: { _ in })
    let city = City(id: "test", name: "Test", stations: Self.stations)
    let simulation = Simulation(
      mode: .nested, configuration: configuration,
      selection: try Selection(city: city, configuration: configuration), log: .none,
      blockingProbe: probe)
    let run = Task { await era.era.simulate(simulation) }
    let ending = await Watchdog.outcome(
      of: run, visits: simulation.whereabouts, bound: .milliseconds(500))
    guard case .noProgress = ending else {
      Issue.record("the nested vans finished: no deadlock")
      return
    }
    let cycle = simulation.whereabouts.cycle() ?? []
    #expect(cycle.map(\.van) == [0, 1])
    #expect(Set(cycle.map(\.holds)) == [0, 1])
    #expect(cycle.allSatisfy { $0.holds != $0.waitsFor })
    let lines = simulation.whereabouts.waiting(stationNames: ["Rossio", "Chiado"])
    #expect(
      lines.first?.hasPrefix("deadlock: van 1 holds ") == true
        && lines.first?.contains("; van 2 holds ") == true, "\(lines)")
  }
}
