import BikeShare
import TestSupport
import Testing

@testable import BikesActors

@Suite(.timeLimit(.minutes(3))) struct ActorsStationTests {
  static let record = StationRecord(id: "s", name: "S", freeBikes: 1, emptySlots: 0)

  @Test func safeTakeNeverOversells() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    #expect(await station.takeBike() == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(await station.takeBike() == nil)
    #expect(await station.counts == StationCounts(freeBikes: 0, emptySlots: 1))
  }

  @Test func removeBikeDoesNotCheckAndTheAuditSeesIt() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    _ = await station.removeBike()
    _ = await station.removeBike()
    _ = await station.addBike()
    #expect(await station.counts == StationCounts(freeBikes: 0, emptySlots: 1))
    #expect(audit.violations.map(\.value) == [-1, 2])
  }

  /// Reentrancy, step by step: the first call is suspended inside the
  /// station (its window is held open), a second call runs on the same
  /// actor meanwhile, passes the same check, and both take the one bike.
  @Test(.timeLimit(.minutes(1)))
  func anAwaitInsideTheMethodLetsASecondCallPassTheSameCheck() async {
    let audit = StationAudit(Self.record)
    let station = Station(Self.record, audit: audit)
    let payments = Payments()
    let (held, holding) = AsyncStream.makeStream(of: Int.self)
    let (release, releasing) = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      await station.takeBike(charging: payments, rider: 0) { seen in
        holding.yield(seen)
        for await _ in release { break }
      }
    }
    var seen = held.makeAsyncIterator()
    #expect(await seen.next() == 1)  // the first rider is suspended in the station
    let second = await station.takeBike(charging: payments, rider: 1, window: nil)
    #expect(second == StationCounts(freeBikes: 0, emptySlots: 1))
    releasing.yield()
    #expect(await first.value == StationCounts(freeBikes: -1, emptySlots: 2))
    #expect(audit.violations.map(\.value) == [-1, 2])
    #expect(await payments.charges == 2)
  }

  /// The fix: the bike is taken before the suspension, so a second call
  /// finds none even while the first is still paying.
  @Test func reservingBeforePayingTakesTheLastBikeOnce() async {
    let station = Station(Self.record, audit: StationAudit(Self.record))
    let payments = Payments()
    async let first = station.takeBike(reservingBefore: payments, rider: 0)
    async let second = station.takeBike(reservingBefore: payments, rider: 1)
    let answers = [await first, await second]
    #expect(answers.compactMap { $0 } == [StationCounts(freeBikes: 0, emptySlots: 1)])
    #expect(await payments.charges == 1)
  }

  /// Safe takes and leaves from four tasks at once on one station with one
  /// dock in play. Taking first (one bike, one slot): takes contend. Leaving
  /// first (each task brings a bike, one empty slot): only leaves contend,
  /// and a split leave docks two bikes in one slot. The audit's lowest and
  /// highest catch what the end counts would not.
  ///
  /// The probe between two protected accesses is the actor's own queue: each
  /// task runs its loop isolated to the station and yields after every step,
  /// so the others are always waiting in the queue, first in first out, and
  /// take their turns in between. A safe step never suspends inside; a step
  /// split into two accesses (an `await` between its check and its act, or
  /// between two updates) lets every waiting task in between, every time.
  @Test(arguments: [Want.bike, .emptySlot])
  func manyRidersAtOneDockNeverLeaveTheRange(first: Want) async {
    let dock = OneDock(first: first)
    let (then, record, audit) = (dock.then, dock.record, dock.audit())
    let station = Station(record, audit: audit)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { await Self.contend(at: station, first: first, then: then) }
      }
    }
    let end = await station.counts
    dock.expectHeld(end: end, audit: audit)
  }

  private static func contend(at station: isolated some SafeSteps, first: Want, then: Want) async {
    func move(_ want: Want) async -> Bool {
      let moved = await (want == .bike ? station.takeBike() : station.leaveBike()) != nil
      await Task.yield()  // the probe: every waiting task has a turn
      return moved
    }
    for _ in 0..<2_000 where await move(first) {
      for _ in 0..<1_000 where await move(then) { break }
    }
  }
}

/// The station's safe steps, seen as async: called from code isolated to the
/// station, a synchronous step runs inline and a step split by an `await`
/// compiles unchanged (so the contention test needs no edit to catch it).
protocol SafeSteps: Actor {
  func takeBike() async -> StationCounts?
  func leaveBike() async -> StationCounts?
}

extension Station: SafeSteps {}
