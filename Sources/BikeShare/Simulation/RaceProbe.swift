import Foundation

/// Where in a rider's visit to a station a probe is called.
public enum ProbePoint: String, Sendable, Equatable {
  /// The rider reached the station and is about to ask it (both modes).
  case arrive
  /// Racy mode only: the rider has checked and is about to act. The race window.
  case raceWindow = "race window"
  /// The transfer stage: a van holds its first station and is about to take
  /// hold of the second (`nested`, `safe`), or to try it (`backoff`).
  case hold
  /// The cancel story: a rider holding the bike, at the end of its leg.
  case ride
  /// The cancel story: X, about to call off rider A.
  case cancel
  /// The order story: the app, about to send the rider's request.
  case ask
  /// The order story: the rider's request at Rossio, about to take the bike.
  case take
  /// The wait story: a rider about to look for a free bike at Rossio.
  case look
  /// The wait story, racy: a rider that saw no bike, about to join the line.
  case wait
  /// The wait story: van V about to dock a bike at Rossio.
  case dock

  /// The point as a schedule writes it: `arrive`, `window`, `hold`, `ride`, `cancel`.
  public var word: String {
    switch self {
    case .arrive: "arrive"
    case .raceWindow: "window"
    case .hold: "hold"
    case .ride: "ride"
    case .cancel: "cancel"
    case .ask: "ask"
    case .take: "take"
    case .look: "look"
    case .wait: "wait"
    case .dock: "dock"
    }
  }
}

/// What a participant's code tells a scripted gate between probe points,
/// where no probe can park it.
public enum ProbeNote: Sendable, Equatable {
  /// The order story: the app has handed the rider's request to the era.
  case sent
  /// The wait story: the rider is in the line, about to sleep until woken.
  case asleep
  /// The wait story: a dock woke the rider (racy) or handed it the bike
  /// (safe); it runs again.
  case woken
}

/// One call of a probe: who, where, at which point.
public struct ProbeStop: Sendable, Equatable {
  public let rider: Int
  public let station: Int
  public let point: ProbePoint

  public init(rider: Int, station: Int, point: ProbePoint) {
    self.rider = rider
    self.station = station
    self.point = point
  }
}

/// The async probe, for the async/await era. It suspends the rider's task and
/// never blocks a thread of the cooperative pool.
public struct RaceProbe: Sendable {
  private let body: @Sendable (ProbeStop) async -> Void
  private let done: @Sendable (Int) -> Void
  private let goOn: @Sendable (ProbeStop) async -> Bool
  private let noted: @Sendable (Int, ProbeNote) -> Void
  /// True when the racy path must hold exactly the original check-then-act:
  /// the riders then call neither the probe nor the log between check and act.
  public let isBare: Bool
  /// False only for `waiting(_:log:)`, which does nothing when a rider
  /// arrives: the rider then leaves out the call (an async closure's frame
  /// on each of the run's visits).
  public let pausesOnArrival: Bool

  public init(
    pause: @escaping @Sendable (ProbeStop) async -> Void,
    finished: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.init(pause: pause, finished: finished, isBare: false)
  }

  /// - Parameter pass: where a van is about to take hold of a station: may
  ///   it go on (true), or must it let go of everything and leave (false)?
  /// - Parameter note: as `note(rider:_:)`.
  public init(
    pause: @escaping @Sendable (ProbeStop) async -> Void,
    pass: @escaping @Sendable (ProbeStop) async -> Bool,
    finished: @escaping @Sendable (Int) -> Void,
    note: @escaping @Sendable (Int, ProbeNote) -> Void = { _, _ in }
  ) {
    self.init(pause: pause, finished: finished, isBare: false, pass: pass, note: note)
  }

  private init(
    pause: @escaping @Sendable (ProbeStop) async -> Void,
    finished: @escaping @Sendable (Int) -> Void, isBare: Bool,
    pass: @escaping @Sendable (ProbeStop) async -> Bool = { _ in true },
    note: @escaping @Sendable (Int, ProbeNote) -> Void = { _, _ in }, pausesOnArrival: Bool = true
  ) {
    self.body = pause
    self.done = finished
    self.isBare = isBare
    self.pausesOnArrival = pausesOnArrival
    self.goOn = pass
    self.noted = note
  }

  public func pause(_ stop: ProbeStop) async { await body(stop) }

  /// A van about to take hold of a station (the transfer stage): true to go
  /// on; false when a scripted gate gives up on it (a schedule that
  /// deadlocked, livelocked or broke), and the van must let go and leave.
  /// Outside the gate it always goes on.
  public func pass(_ stop: ProbeStop) async -> Bool { await goOn(stop) }

  /// A rider has nothing more to do (tells a scripted gate it has left the stage).
  public func finished(rider: Int) { done(rider) }

  /// Tells a scripted gate where `rider` is between probe points: its
  /// request sent (the order story: one sent behind another now waits in
  /// line), asleep in the line or woken (the wait story). Outside the gate
  /// it does nothing.
  public func note(rider: Int, _ note: ProbeNote) { noted(rider, note) }

  /// The order story: the app has handed `rider`'s request to the era.
  public func sent(rider: Int) { noted(rider, .sent) }

  /// Default: sleep `window` in the race window; nothing at arrival.
  ///
  /// A zero window with the log off is bare: the riders then run the
  /// original code, with nothing called between check and act. With `--log`
  /// the check is written down between them, which widens the window:
  /// observing a race changes it.
  /// - Parameter finished: told as each rider or van is done.
  public static func waiting(
    _ window: Duration, log: EventLog = .none,
    finished: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> RaceProbe {
    guard window > .zero else {
      return RaceProbe(
        pause: { _ in }, finished: finished, isBare: !log.isEnabled, pausesOnArrival: false)
    }
    return RaceProbe(
      pause: { stop in
        if stop.point == .raceWindow { try? await Task.sleep(for: window) }
      },
      finished: finished, isBare: false,
      pass: { stop in
        // A van about to take its second station waits as long (the transfer).
        if stop.point == .hold { try? await Task.sleep(for: window) }
        return true
      }, pausesOnArrival: false)
  }
}

/// The blocking probe, for the eras of callbacks, operations and threads.
/// It holds the calling thread, so every held rider needs a thread of its own,
/// and it must never run on a station's own queue.
public struct BlockingRaceProbe: Sendable {
  private let body: @Sendable (ProbeStop) -> Void
  private let done: @Sendable (Int) -> Void
  private let goOn: @Sendable (ProbeStop) -> Bool
  private let noted: @Sendable (Int, ProbeNote) -> Void
  private let later: @Sendable (ProbeStop, @escaping @Sendable (Bool) -> Void) -> Void
  /// As `RaceProbe.isBare`: nothing may be called between check and act.
  public let isBare: Bool
  /// False only for `waiting(_:log:)`, whose pause sleeps its own window
  /// and nothing else. Any other probe (the scripted gate, a test's) may
  /// hold a rider until another rider has moved: then every rider needs a
  /// queue and a thread of its own, or the one it holds could be the one
  /// that has to move.
  public let mayWaitForOthers: Bool
  /// False only for `waiting(_:log:)`, which does nothing when a rider
  /// arrives: an era whose every step is dear (an operation) may leave the
  /// arrival's step out.
  public let pausesOnArrival: Bool

  public init(
    pause: @escaping @Sendable (ProbeStop) -> Void,
    finished: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.init(pause: pause, finished: finished, isBare: false)
  }

  /// - Parameter pass: as `RaceProbe.init(pause:pass:finished:)`'s.
  public init(
    pause: @escaping @Sendable (ProbeStop) -> Void,
    pass: @escaping @Sendable (ProbeStop) -> Bool,
    finished: @escaping @Sendable (Int) -> Void,
    note: @escaping @Sendable (Int, ProbeNote) -> Void = { _, _ in },
    later: (@Sendable (ProbeStop, @escaping @Sendable (Bool) -> Void) -> Void)? = nil
  ) {
    self.init(
      pause: pause, finished: finished, isBare: false, pass: pass, note: note, later: later)
  }

  private init(
    pause: @escaping @Sendable (ProbeStop) -> Void,
    finished: @escaping @Sendable (Int) -> Void, isBare: Bool,
    pass: @escaping @Sendable (ProbeStop) -> Bool = { _ in true },
    note: @escaping @Sendable (Int, ProbeNote) -> Void = { _, _ in },
    mayWaitForOthers: Bool = true, pausesOnArrival: Bool = true,
    later: (@Sendable (ProbeStop, @escaping @Sendable (Bool) -> Void) -> Void)? = nil
  ) {
    self.later = later ?? { stop, answer in answer(pass(stop)) }
    self.body = pause
    self.done = finished
    self.isBare = isBare
    self.goOn = pass
    self.noted = note
    self.mayWaitForOthers = mayWaitForOthers
    self.pausesOnArrival = pausesOnArrival
  }

  public func pause(_ stop: ProbeStop) { body(stop) }

  /// As `RaceProbe.pass(_:)`: false means let go of everything and leave.
  public func pass(_ stop: ProbeStop) -> Bool { goOn(stop) }

  /// As `pass(_:)`, holding no thread while the rider waits: `answer` is
  /// told whether to go on, at once on this thread, or under the gate on
  /// the thread that lets the rider go (so it does only what is safe on any
  /// thread: sends the rider's next request, queues its next operations).
  public func pass(_ stop: ProbeStop, then answer: @escaping @Sendable (Bool) -> Void) {
    later(stop, answer)
  }

  public func finished(rider: Int) { done(rider) }

  /// As `RaceProbe.note(rider:_:)`.
  public func note(rider: Int, _ note: ProbeNote) { noted(rider, note) }

  /// As `RaceProbe.sent(rider:)`.
  public func sent(rider: Int) { noted(rider, .sent) }

  /// Default: sleep `window` in the race window; nothing at arrival.
  /// Bare as `RaceProbe.waiting(_:log:)` is.
  /// - Parameter finished: told as each rider or van is done.
  public static func waiting(
    _ window: Duration, log: EventLog = .none,
    finished: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> BlockingRaceProbe {
    guard window > .zero else {
      return BlockingRaceProbe(
        pause: { _ in }, finished: finished, isBare: !log.isEnabled, mayWaitForOthers: false,
        pausesOnArrival: false)
    }
    let seconds = window.seconds
    return BlockingRaceProbe(
      pause: { stop in
        if stop.point == .raceWindow { Thread.sleep(forTimeInterval: seconds) }
      }, finished: finished, isBare: false,
      pass: { stop in
        // A van about to take its second station waits as long (the transfer).
        if stop.point == .hold { Thread.sleep(forTimeInterval: seconds) }
        return true
      }, mayWaitForOthers: false, pausesOnArrival: false)
  }
}
