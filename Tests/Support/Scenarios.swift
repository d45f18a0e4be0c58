import BikeShare
import Testing

/// The original project's scenarios, the same for every era: each era's test
/// suite calls them with its own `Era` type (and, where the era needs one,
/// its own probe). Failures are reported at the caller's line.
public enum Scenarios {
  /// Two stations with 4 bikes between them: many riders, much waiting.
  public static let scarce = [
    StationRecord(id: "a", name: "A", freeBikes: 3, emptySlots: 1),
    StationRecord(id: "b", name: "B", freeBikes: 1, emptySlots: 2),
  ]

  public static func safeStressRunHasNoViolationAndConservesBikes<E: Era>(
    _ era: E.Type, riders: Int = 400, lock: LockKind = .mutex,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let report = try await simulate(
      E.self, .safe, stations: scarce, riders: riders, paths: 3, lock: lock)
    #expect(report.violations.isEmpty, sourceLocation: sourceLocation)
    #expect(report.conserved, sourceLocation: sourceLocation)
    #expect(report.paths == riders * 3, sourceLocation: sourceLocation)
    #expect(report.waitingLegs > 0, sourceLocation: sourceLocation)
  }

  public static func oneStationWithMoreBikesThanRidersMeansNoWaiting<E: Era>(
    _ era: E.Type, _ mode: Mode, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let report = try await simulate(
      E.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 20, emptySlots: 20)], riders: 8,
      paths: 5)
    #expect(report.waitingLegs == 0, sourceLocation: sourceLocation)
    #expect(report.paths == 8 * 5, sourceLocation: sourceLocation)
    #expect(report.violations.isEmpty, sourceLocation: sourceLocation)
  }

  /// Ten riders, two bikes. The probe must make visits one at a time: in
  /// racy mode a lucky interleaving could otherwise let every rider see a
  /// bike that another was about to take.
  public static func moreRidersThanBikesMeansWaiting<E: Era>(
    _ era: E.Type, _ mode: Mode, probe: RaceProbe? = nil, blockingProbe: BlockingRaceProbe? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let report = try await simulate(
      E.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 10,
      paths: 3, probe: probe, blockingProbe: blockingProbe)
    #expect(report.waitingLegs > 0, sourceLocation: sourceLocation)
    #expect(report.paths == 10 * 3, sourceLocation: sourceLocation)
    #expect(report.conserved, sourceLocation: sourceLocation)
  }

  /// 100 bikes and 100 slots per station: 10 riders can never empty or fill
  /// one, so nobody waits and each rider's seeded picks alone decide where it
  /// reaches its goal.
  public static func aGoalEndsRidersEarly<E: Era>(
    _ era: E.Type, _ mode: Mode, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let stations = [
      StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100),
      StationRecord(id: "b", name: "B", freeBikes: 100, emptySlots: 100),
    ]
    let report = try await simulate(
      E.self, mode, stations: stations, riders: 10, paths: 10, goal: "B")
    #expect(report.waitingLegs == 0, sourceLocation: sourceLocation)
    #expect(report.paths < 10 * 10, sourceLocation: sourceLocation)
    #expect(report.goalReached == 10, sourceLocation: sourceLocation)
  }

  /// Legs of a minute: only stopping can end the run within the caller's
  /// time limit. The third arrival pulls the stop switch (through whichever
  /// probe the era uses); the run's task is cancelled too, as the command
  /// line does.
  public static func stoppingEndsEveryRiderAndKeepsTheBikes<E: Era>(
    _ era: E.Type, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let stop = StopSwitch()
    let arrivals = Arrivals(stopAfter: 3, stop: stop)
    let simulation = Task {
      try await simulate(
        E.self, .safe,
        stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 5,
        legMilliseconds: 60_000, stop: stop, probe: RaceProbe(pause: { _ in arrivals.arrived() }),
        blockingProbe: BlockingRaceProbe(pause: { _ in arrivals.arrived() }))
    }
    stop.onStop { simulation.cancel() }
    let report = try await simulation.value
    #expect(report.interrupted, sourceLocation: sourceLocation)
    #expect(report.paths < 5 * 10, sourceLocation: sourceLocation)
    #expect(report.conserved, sourceLocation: sourceLocation)
  }
}
