import BikeShare

/// The original project's scenarios, set up the same way for every era: each
/// runs an era's `simulate` and returns the audited report, and each era's
/// tests say what they expect of it.
public enum Scenarios {
  /// Two stations with 4 bikes between them: many riders, much waiting.
  public static let scarce = [
    StationRecord(id: "a", name: "A", freeBikes: 3, emptySlots: 1),
    StationRecord(id: "b", name: "B", freeBikes: 1, emptySlots: 2),
  ]

  /// `riders` riders, 3 paths each, safe mode, on the scarce stations.
  public static func safeStress<E: Era>(
    _ era: E.Type, riders: Int = 400, lock: LockKind = .mutex, fix: ActorsFix = .method,
    exclusive: FuturesExclusive = .condition
  ) async throws -> RunReport {
    try await simulate(
      E.self, .safe, stations: scarce, riders: riders, paths: 3, lock: lock, fix: fix,
      exclusive: exclusive)
  }

  /// 8 riders, 5 paths each, one station with 20 bikes and 20 empty slots.
  public static func plentyOfBikes<E: Era>(_ era: E.Type, _ mode: Mode) async throws
    -> RunReport
  {
    try await simulate(
      E.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 20, emptySlots: 20)], riders: 8,
      paths: 5)
  }

  /// 10 riders, 3 paths each, one station with 2 bikes and 2 empty slots. The
  /// probe must make visits one at a time: in racy mode a lucky interleaving
  /// could otherwise let every rider see a bike that another was about to take.
  public static func moreRidersThanBikes<E: Era>(
    _ era: E.Type, _ mode: Mode, probe: RaceProbe? = nil, blockingProbe: BlockingRaceProbe? = nil
  ) async throws -> RunReport {
    try await simulate(
      E.self, mode,
      stations: [StationRecord(id: "a", name: "A", freeBikes: 2, emptySlots: 2)], riders: 10,
      paths: 3, probe: probe, blockingProbe: blockingProbe)
  }

  /// 10 riders, 10 paths each, goal B; 100 bikes and 100 slots per station, so
  /// nobody waits and each rider's seeded picks alone decide where it
  /// reaches its goal.
  public static func goalB<E: Era>(_ era: E.Type, _ mode: Mode) async throws -> RunReport {
    let stations = [
      StationRecord(id: "a", name: "A", freeBikes: 100, emptySlots: 100),
      StationRecord(id: "b", name: "B", freeBikes: 100, emptySlots: 100),
    ]
    return try await simulate(E.self, mode, stations: stations, riders: 10, paths: 10, goal: "B")
  }

  /// 5 riders, 10 paths each, legs of a minute: only stopping can end the
  /// run within the caller's time limit. The third arrival pulls the stop
  /// switch (through whichever probe the era uses); the run's task is
  /// cancelled too, as the command line does.
  public static func stoppedAtTheThirdArrival<E: Era>(_ era: E.Type) async throws -> RunReport {
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
    return try await simulation.value
  }
}
