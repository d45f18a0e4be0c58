import BikeShare

/// Runs an era's `simulate` directly (no executable) on a hand-made city.
public func simulate<E: Era>(
  _ era: E.Type, _ mode: Mode, stations: [StationRecord], riders: Int, paths: Int = 10,
  goal: String? = nil, legMilliseconds: Int = 0, raceWindowMicroseconds: Int = 0,
  stop: StopSwitch = StopSwitch(), probe: RaceProbe? = nil,
  blockingProbe: BlockingRaceProbe? = nil, lock: LockKind = .mutex, fix: ActorsFix = .method,
  exclusive: FuturesExclusive = .condition, vans: Int = 0, seed: UInt64 = 2021,
  callOffs: Int = 0, deadlineMilliseconds: Int = 0
) async throws -> RunReport {
  var configuration = Configuration()
  configuration.callOffs = callOffs
  configuration.deadlineMilliseconds = deadlineMilliseconds
  configuration.vans = vans
  configuration.seed = seed
  configuration.modes = [mode]
  configuration.riders = riders
  configuration.paths = paths
  configuration.stationCount = stations.count
  configuration.goal = goal
  configuration.legMilliseconds = legMilliseconds
  configuration.raceWindowMicroseconds = raceWindowMicroseconds
  configuration.lock = lock
  configuration.fix = fix
  configuration.exclusive = exclusive
  let city = City(id: "test", name: "Test", stations: stations)
  let simulation = Simulation(
    mode: mode, configuration: configuration,
    selection: try Selection(city: city, configuration: configuration), log: .none, stop: stop,
    probe: probe, blockingProbe: blockingProbe)
  let outcome = await E.simulate(simulation)
  return RunReport(
    era: E.info, simulation: simulation, outcome: outcome, interrupted: stop.isStopped,
    wallSeconds: 0)
}
