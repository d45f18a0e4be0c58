import BikeShare
import Dispatch
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

  @Test(arguments: Eras.all)
  func safeVansAmongRidersKeepEveryCounterInRange(era: EraUnderTest) async throws {
    let report = try await simulate(
      era.era, .safe, stations: Self.stations, riders: 20, paths: 10, vans: 8)
    #expect(report.violations.isEmpty)
    #expect(report.conserved)
    #expect(report.vans == 8)
    #expect((report.vanMoves ?? 0) + (report.vanTurnedAway ?? 0) == 8 * 10)
    #expect((report.vanMoves ?? 0) > 0)
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
