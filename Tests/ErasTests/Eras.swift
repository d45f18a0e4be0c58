import BikeShare
import Foundation
import TestSupport
import Testing

@testable import BikesActors
@testable import BikesCallbacks
@testable import BikesDispatch
@testable import BikesFutures
@testable import BikesOperations

/// One era as the contract suite runs it: its `Era` type (the stage and the
/// scenarios, called in this process) and its built executable (the command
/// line, run as a user would). What is the era's own and still part of the
/// contract (its help lines) is pinned here, per era.
struct EraUnderTest: Sendable, CustomTestStringConvertible {
  let era: any Era.Type
  /// Riders in the safe stress run: 400, or 200 in the eras that give each
  /// rider a thread of its own (a thread each, up to a cap, costs more).
  var stressRiders = 400
  /// `--mode` and the era's own options, as `--help` prints them.
  let ownHelp: String
  /// The era's own stage options, as `--help` prints them (after `--fail-on-violation`).
  var ownStageHelp = ""

  var info: EraInfo { era.info }
  var name: String { info.name }
  var testDescription: String { name }
  func executable() throws -> Executable { try Executable(info.executable) }
}

enum Eras {
  static let plainMode = """
      --mode racy|safe|nested|both   default both: the race first, then the fix;
                                     nested: vans (--vans) hold one station, then wait for the other
    """

  /// The eras the suite runs: every era, or only the one `BIKES_ERA` names,
  /// so that a room working on one era runs its contract in seconds:
  /// `BIKES_ERA=callbacks swift test --filter 'Callbacks|Eras'`.
  static let all: [EraUnderTest] = {
    guard let only = ProcessInfo.processInfo.environment["BIKES_ERA"] else { return catalogue }
    return catalogue.filter { $0.name == only }
  }()

  /// Every era, in the catalogue's order (a test checks that it is the catalogue).
  static let catalogue: [EraUnderTest] = [
    EraUnderTest(era: CallbacksEra.self, ownHelp: plainMode),
    EraUnderTest(era: OperationsEra.self, ownHelp: plainMode),
    EraUnderTest(
      era: DispatchEra.self, stressRiders: 200,
      ownHelp: """
          --mode racy|safe|unsynchronized|nested|both
                                         default both: the race first, then the fix;
                                         unsynchronized: no locks at all (a data race)
                                         nested: vans (--vans) hold one station, then wait for the other
          --lock mutex|nslock|serial-queue|barrier|atomic
                                         how safe (and racy) stations lock (default mutex)
          --thread-cap N                 a run's riders' threads alive at most (default 256)
        """),
    EraUnderTest(
      era: FuturesEra.self, stressRiders: 200,
      ownHelp: """
        \(plainMode)
          --exclusive condition|station  how safe riders check and act as one unit:
                                         condition: the rider's two futures inside one with
                                         a mutually exclusive condition per station
                                         (default); station: one future checks and acts
        """),
    EraUnderTest(
      era: ActorsEra.self,
      ownHelp: """
          --mode racy|safe|reentrant|nested|both
                                         default both: the race first, then the fix;
                                         reentrant: an await inside the station's own method
                                         nested: vans (--vans) hold one station, then wait for the other
          --fix method|isolated|reserve  how safe riders check and act as one unit:
                                         method: one actor method (default); isolated: the
                                         rider's code with an isolated Station parameter;
                                         reserve: pay inside the station, bike taken first
          --callers nonisolated|main-actor|concurrent
                                         where riders check and act (none is a fix):
                                         nonisolated (default): the global executor;
                                         main-actor: on the main actor, as Swift 6.2's
                                         -default-isolation MainActor compiles it;
                                         concurrent: the main actor calls a @concurrent
                                         check and act
        """,
      ownStageHelp: """

          --scheduler gate|jobs          explore only: gate (default): the probes' schedules;
                                         jobs: no probe, every order of the runtime's jobs
        """),
  ]
}

/// The suite's own list must be the catalogue: an era added to `EraInfo.all`
/// and not here fails, so no era escapes the contract.
@Suite struct ErasTableTests {
  @Test func theContractCoversEveryEraInTheCatalogue() {
    #expect(Eras.catalogue.map(\.name) == EraInfo.all.map(\.name))
    #expect(Eras.catalogue.map(\.info.number) == Array(1...EraInfo.all.count))
    let names = EraInfo.all.map(\.name).joined(separator: ", ")
    #expect(!Eras.all.isEmpty, "BIKES_ERA names no era (one of \(names))")
  }
}

extension EraUnderTest {
  /// Explores `story` in racy and safe mode with each number of `riders`,
  /// and expects exactly the counts an independent `model` gives, with no
  /// failure, nothing unsteady and nothing stuck.
  func expectTheModelsCounts(
    _ story: Story, riders: ClosedRange<Int>, model: (Mode, Int) -> StoryCounts
  ) async {
    for riders in riders {
      for mode in [Mode.racy, .safe] {
        var options = StageOptions()
        options.story = story
        options.riders = riders
        let exploration = await Explorer.explore(era, mode: mode, options: options)
        let counted = StoryCounts(
          schedules: exploration.schedules, forbidden: exploration.forbidden,
          outcomes: exploration.outcomes.count)
        let expected = model(mode, riders)
        #expect(counted == expected, "\(mode), \(riders) riders: the model counts \(expected)")
        #expect(exploration.failures.isEmpty, "\(mode): \(exploration.failures)")
        #expect(exploration.unsteady.isEmpty, "\(mode): \(exploration.unsteady)")
        #expect(exploration.deadlocked == 0 && exploration.livelocked == 0)
      }
    }
  }
}
