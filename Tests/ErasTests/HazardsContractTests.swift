import BikeShare
import Foundation
import TestSupport
import Testing

/// `bikes-<era> hazards`: every era lists its own ways to stop making
/// progress, and each one, run from the built executable, shows its failure
/// and its fix; the command checks each case's outcome and exits 0 only when
/// every case ended as it should (a deadlock stopped by the watchdog, a
/// signal, a run that finished).
@Suite(.timeLimit(.minutes(2))) struct HazardsContractTests {
  static let hazards: [(EraUnderTest, String)] = Eras.all.flatMap { era in
    era.era.hazards.map { (era, $0.name) }
  }

  @Test(arguments: Eras.all)
  func everyEraListsItsHazards(era: EraUnderTest) async throws {
    let names = era.era.hazards.map(\.name)
    #expect(names.count >= 1, "\(era.name) has no hazards")
    let output = try await era.executable().running(["hazards"], limit: 30)
    #expect(output.status == 0)
    for name in names {
      #expect(output.outputLines.contains { $0.hasPrefix("  \(name)  ") }, "\(name) not listed")
    }
  }

  #if arch(x86_64)
    static let trap = "killed by SIGILL"
  #else
    static let trap = "killed by SIGTRAP"
  #endif

  /// What a hazard's table must say besides its outcomes: what waited, or
  /// what the platform said.
  static let said: [String: String] = [
    "forgotten-completion": "leaked its continuation without resuming it",
    "dependency-cycle":
      "'take a bike at Rossio' has not started: it waits for 'leave it at Chiado'",
    "wait-inside-queue": "hold 2 of the queue's 2 slots in waitUntilFinished()",
    // __builtin_trap(): ud2 on x86-64, brk on arm64.
    "sync-on-own-queue": trap,
    "lock-order": "deadlock: van ",
    "pool-starvation": "4 of the pool's 4 threads are blocked in wait()",
    "thread-explosion": "threads for 1,000 riders",
    "blocking-in-task": "tasks are blocked in DispatchSemaphore.wait()",
    // Which calls hold which turn varies from run to run; that one waits for
    // a turn another holds does not.
    "actor-call-cycle": "'s turn, which ",
    // Cancellation's traps (chapter 09).
    "deadline-and-answer": "tried to resume its continuation more than once",
    "cancel-while-taking": "took the bike after cancel(); rode off",
    "blocked-past-call-off": "its thread was cancelled, and it cannot read isCancelled",
    "waiter-gives-up": "gave up; the work took the bike anyway",
    "unstructured-errand": "crew called off; Task { } took the bike",
    "deadline-in-a-group": "the group waits for the ride, which never checks for cancellation",
    // Waiting's traps (chapter 11).
    "if-not-while": "free reached -1: two riders on one bike",
    "resumed-twice": "tried to resume its continuation more than once",
    "called-twice": "A's completion ran twice; the bike went to A, B still waits",
    "wait-in-operation": "slots in NSCondition.wait(); the van's dock is queued, not started",
    "wait-on-the-pool": "2 of the pool's 2 threads are blocked in wait(); 1 block is queued",
  ]

  @Test(arguments: hazards)
  func eachHazardShowsItsFailureThenItsFix(era: EraUnderTest, name: String) async throws {
    let output = try await era.executable().running(
      ["hazards", name, "--watchdog-ms", "300"], limit: 60)
    #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    let hazard = try #require(era.era.hazards.first { $0.name == name })
    let rows = output.unfittedLines
    for item in hazard.cases {
      let row = rows.first { $0.hasPrefix("  \(item.label)  ") }
      switch item.expect {
      case .noProgress: #expect(row?.contains("no progress") == true, "\(item.label): \(rows)")
      case .signal: #expect(row?.contains("killed by") == true, "\(item.label): \(rows)")
      case .finish: #expect(row?.contains("finished") == true, "\(item.label): \(rows)")
      }
    }
    let expected = try #require(Self.said[name], "say what \(name) must print")
    #expect(output.prints(expected), "\(output.standardOutput)")
  }

  /// A case whose own waits are legs (a thread asleep 200 ms) is not
  /// stopped by a bound shorter than its legs: like a run, it adds two.
  @Test func aBoundShorterThanACaseLegStillLetsItFinish() async throws {
    let output = try await Executable("bikes-futures").running(
      ["hazards", "thread-explosion", "--watchdog-ms", "50"], limit: 60)
    #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    #expect(!output.outputLines.contains { $0.contains("  no progress") }, "\(output.outputLines)")
  }

  @Test func anUnknownHazardIsAUsageError() async throws {
    let output = try await Executable("bikes-dispatch").running(["hazards", "deadlock"], limit: 30)
    #expect(output.status == 2)
    #expect(
      output.errorLines == [
        "bikes-dispatch: no hazard 'deadlock' here: sync-on-own-queue, lock-order,"
          + " blocked-past-call-off, if-not-while, all"
      ])
  }
}
