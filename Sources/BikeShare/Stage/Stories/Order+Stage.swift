import Dispatch

/// What the order story's app and requests are given by the stage, and what
/// they log (`Order.swift` is the story). How a request travels to Rossio,
/// and what keeps the requests in order, is each era's own (its `Order.swift`).
public struct OrderStage: StoryStage {
  public let cast: StageCast
  /// Riders 0 (A), 1 (B) and so on, in the order the app asks for them.
  public let riders: [Int]
  /// Rossio: one free bike.
  public var station: StationRecord { cast.stations[0] }
  public var audit: StationAudit { cast.audits[0] }

  /// Under the gate, a serial queue for each rider's request (`lane`).
  private let lanes: [Int: DispatchQueue]

  /// The stage of `cast`.
  public init(_ cast: StageCast) {
    self.cast = cast
    riders = cast.riders.sorted()
    lanes =
      cast.blockingProbe.mayWaitForOthers
      ? Dictionary(uniqueKeysWithValues: riders.map { ($0, DispatchQueue(label: "request \($0)")) })
      : [:]
  }

  /// Where `rider`'s request runs: `queue`, the era's own; or, under the
  /// gate, which may hold every request at its `take` at once, a serial
  /// queue of the request's own. A blocked request on a global queue holds
  /// a thread of a pool of one a core, which on Linux grows by about one
  /// thread a second (swift-corelibs-libdispatch); libdispatch starts a
  /// thread for a serial queue's work whenever none is free. The gate
  /// chooses the order the requests reach Rossio either way.
  public func lane(_ rider: Int, or queue: DispatchQueue) -> DispatchQueue {
    lanes[rider] ?? queue
  }

  /// Where the app parks, about to send `rider`'s request.
  public func ask(_ rider: Int) -> ProbeStop { ProbeStop(rider: rider, station: 0, point: .ask) }

  /// Where `rider`'s request parks, at Rossio, about to take the bike.
  public func take(_ rider: Int) -> ProbeStop { ProbeStop(rider: rider, station: 0, point: .take) }

  /// Logs that the app sent `rider`'s request.
  public func asked(_ rider: Int) { cast.log.record(.asked(rider: rider, station: station.name)) }

  /// Logs what the take at Rossio gave `rider`: the bike, or nothing.
  public func served(_ rider: Int, _ now: StationCounts?) {
    guard let now else { return cast.log.record(.foundNoBike(rider: rider, station: station.name)) }
    cast.log.record(.tookBike(rider: rider, station: station.name, now: now))
  }

  /// The app, in a blocking era: one sequence that asks for each rider in
  /// turn (parks at its `ask`, logs it), `send`s the request the era's way
  /// and says it has (`sent`). If the gate gives up, the riders not asked
  /// for are done.
  public func appAsksBlocking(send: (Int) -> Void) {
    for (index, rider) in riders.enumerated() {
      guard cast.blockingProbe.pass(ask(rider)) else {
        for left in riders[index...] { cast.blockingProbe.finished(rider: left) }
        return
      }
      asked(rider)
      send(rider)
      cast.blockingProbe.sent(rider: rider)
    }
  }

  /// The app, in the actors era: the same, awaiting the gate.
  public func appAsks(send: (Int) async -> Void) async {
    for (index, rider) in riders.enumerated() {
      guard await cast.probe.pass(ask(rider)) else {
        for left in riders[index...] { cast.probe.finished(rider: left) }
        return
      }
      asked(rider)
      await send(rider)
      cast.probe.sent(rider: rider)
    }
  }

  /// `rider`'s request at Rossio, in a blocking era: parks at `take`, takes
  /// the bike with the era's safe `take` (check and act as one) or is turned
  /// away, logs it, and is done.
  public func arrivesBlocking(_ rider: Int, take safeTake: () -> StationCounts?) {
    defer { cast.blockingProbe.finished(rider: rider) }
    guard cast.blockingProbe.pass(take(rider)) else { return }
    served(rider, safeTake())
  }

  /// The same, in the actors era.
  public func arrives(_ rider: Int, take safeTake: () async -> StationCounts?) async {
    defer { cast.probe.finished(rider: rider) }
    guard await cast.probe.pass(take(rider)) else { return }
    served(rider, await safeTake())
  }
}
