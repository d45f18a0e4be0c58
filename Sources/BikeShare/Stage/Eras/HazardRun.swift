/// A hazard case that is a normal run of the era (`simulate`), on a city of
/// its own: the watchdog reads the run's registry for progress and for who
/// holds and waits for what.
extension HazardCase {
  public static func simulating<E: Era>(
    _ era: E.Type, _ label: String, expect: Expect, mode: Mode, city: City,
    configure: @escaping @Sendable (inout Configuration) -> Void
  ) -> HazardCase {
    HazardCase(
      label, expect: expect,
      .async { watch in
        var configuration = Configuration()
        configuration.modes = [mode]
        configure(&configuration)
        guard let selection = try? Selection(city: city, configuration: configuration) else {
          return HazardFinish("the hazard's city does not fit its run", showed: false)
        }
        let simulation = Simulation(
          mode: mode, configuration: configuration, selection: selection, log: .none)
        let names = simulation.stations.map(\.name)
        let whereabouts = simulation.whereabouts
        watch.watch(
          progress: { whereabouts.value }, waiting: { whereabouts.waiting(stationNames: names) })
        let outcome = await E.simulate(simulation)
        let vans = outcome.vans.reduce(into: VanResult()) {
          $0.transfers += $1.transfers
          $0.moves += $1.moves
        }
        let violations = simulation.audits.flatMap(\.violations).count
        return HazardFinish(
          "\(outcome.riders.count) riders, \(configuration.vans) vans: "
            + "\(vans.transfers.grouped) transfers, \(vans.moves.grouped) bikes moved, "
            + "\(violations) violations",
          showed: violations == 0)
      })
  }
}
