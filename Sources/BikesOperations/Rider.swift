import BikeShare
import Foundation

/// A rider whose journey is a chain of operations that grows as it goes:
/// each visit is planned as a small graph (`Visit`) followed by a leg, and
/// the leg, when it ends, plans the next visit. A step hands on its
/// successor because nobody knows in advance how long the journey will be.
///
/// Only one step of a rider is ever in a queue: each is handed on by the
/// step before it once that one has finished. The journey's last step is
/// always a leg (cancelled when the journey is over), and it hands on the
/// rider's final operation, `done`.
final class Rider: Sendable {
  let index: Int
  private let stations: [Station]
  private let mode: Mode
  private let probe: BlockingRaceProbe
  private let log: EventLog
  /// The rider's final operation: it reads the rider's totals once the journey is over.
  let done: DoneOperation
  private let legDuration: Duration
  private let queues: Queues
  private let onRelease: (@Sendable () -> Void)?
  private let state: Locked<State>
  /// `--deadline-ms`: the rider's trip, an operation that never runs: its
  /// timer `cancel()`s it, and the rider reads `isCancelled`.
  private let trip = BlockOperation {}

  private struct State {
    var journey: Journey
    /// The leg planned after the current visit: the journey's last step so far.
    var nextLeg: LegOperation?
    /// Over (paths done or goal reached) or stopped (Ctrl-C): nothing more is planned.
    var ended = false
  }

  init(
    journey: Journey, stations: [Station], mode: Mode, probe: BlockingRaceProbe, log: EventLog,
    legDuration: Duration, queues: Queues, onRelease: (@Sendable () -> Void)? = nil
  ) {
    index = journey.rider
    self.stations = stations
    self.mode = mode
    self.probe = probe
    self.log = log
    done = DoneOperation(rider: journey.rider)
    self.legDuration = legDuration
    self.queues = queues
    self.onRelease = onRelease
    state = Locked(State(journey: journey))
    // `[unowned self]`: the rider owns `done`; a strong capture would be a cycle.
    done.reads { [unowned self] in self.state.withLock { $0.journey.result } }
  }

  deinit { onRelease?() }

  func start() {
    if let deadline = state.withLock({ $0.journey.deadline }) {
      // `--deadline-ms`: a timer calls the trip off when the time is up.
      CallOffs.timers.asyncAfter(deadline: .now() + deadline.dispatchInterval) {
        [weak self] in self?.deadlinePassed()
      }
    }
    planVisit(after: nil)
  }

  /// `--deadline-ms`: the timer `cancel()`s the rider's trip, and that is
  /// all it does: `cancel()` sets `isCancelled`, and the rider reads it
  /// before each visit. The leg under way runs out.
  private func deadlinePassed() {
    // Under the lock the rider plans its visits under: no visit is planned
    // between the deadline written and the trip cancelled.
    state.withLock { state in
      guard !state.ended else { return }
      state.journey.deadlinePassed()
      trip.cancel()
    }
  }

  /// Plans the next visit and the leg after it.
  /// - Parameter leg: the leg that just ended; it hands the visit's first
  ///   step to the riders' queue as it finishes.
  private func planVisit(after leg: LegOperation?) {
    let stops = state.withLock { state -> Bool in
      // Under the lock: Ctrl-C (`stop()`) sees either this visit's leg or none.
      guard !state.ended else { return false }
      // `--deadline-ms`: the rider looks at its trip before each visit.
      if trip.isCancelled, state.journey.noticedCallOff() {
        state.ended = true
        state.nextLeg = nil
        return true
      }
      let index = state.journey.pickStation()
      let station = stations[index]
      let visit = Visit(
        rider: self.index, at: index, station, wanting: state.journey.wants,
        request: state.journey.request, mode: mode, probe: probe, log: log
      ) { [unowned self] counts in self.answered(counts, at: index) }
      let next = LegOperation(rider: self.index, duration: legDuration) { [unowned self] leg in
        self.planVisit(after: leg)
      }
      next.addDependency(visit.act)  // the leg reads the act's answer: normal or waiting leg
      visit.chain(on: queues, station: station)
      visit.act.then { [queues] in queues.add(next, to: queues.riders, as: .riders) }
      state.nextLeg = next
      if let leg {
        leg.then { [queues] in visit.start(on: queues, station: station) }
      } else {
        visit.start(on: queues, station: station)
      }
      return false
    }
    if stops { finish(after: nil) }
  }

  /// The act's answer. The journey records it; if the journey is over, the
  /// leg planned after this visit is cancelled and will hand on `done`.
  private func answered(_ counts: StationCounts?, at station: Int) {
    let (ending, callingOff) = state.withLock {
      state -> ((leg: LegOperation?, goal: Bool)?, LegOperation?) in
      let next = state.journey.record(counts != nil)
      if next != .over, state.journey.callOffDue() { return (nil, state.nextLeg) }
      guard next == .over, !state.ended else { return (nil, nil) }
      state.ended = true
      return ((state.nextLeg.take(), state.journey.result.reachedGoal), nil)
    }
    if log.isEnabled { log.record(.note(queues.line)) }
    if let callingOff { callOff(callingOff) }
    guard let ending else { return }
    if ending.goal {
      log.record(.reachedGoal(rider: index, station: stations[station].record.name))
    }
    // The rider's remaining operation. The act hands it on as usual; it
    // honours its cancellation (no ride) and hands on `done`.
    ending.leg?.cancel()
    finish(after: ending.leg)
  }

  /// `--call-off`: the app cancels the ride's leg as the rider sets off, and
  /// `cancel()` is all it does: the leg finishes without riding (its
  /// `start()` reads `isCancelled`) and hands on its successor. Racy: the
  /// rider plans nothing more, and stops holding the bike. Safe: the
  /// cancelled leg's successor plans the visit that docks the bike; then the
  /// journey is over.
  private func callOff(_ leg: LegOperation?) {
    let stops = state.withLock { state in
      let stops = state.journey.noticedCallOff()
      if stops { state.ended = true }
      state.nextLeg = nil
      return stops
    }
    if !stops { leg?.then { [unowned self] in self.planVisit(after: nil) } }
    leg?.cancel()
    if stops { finish(after: leg) }
  }

  /// Ctrl-C: plan nothing more; the last planned leg will hand on `done`.
  /// (The run then cancels every journey step: see `Queues.cancelAll`.)
  func stop() {
    let ending = state.withLock { state -> (leg: LegOperation?, first: Bool) in
      defer { state.ended = true }
      return (state.nextLeg.take(), !state.ended)
    }
    if ending.first { finish(after: ending.leg) }
  }

  /// The journey's last step hands on the rider's final operation (at once
  /// if there is no step left).
  private func finish(after last: LegOperation?) {
    let handOnDone: @Sendable () -> Void = { [queues, done] in
      queues.add(done, to: queues.run, as: .run)
    }
    if let last { last.then(handOnDone) } else { handOnDone() }
    probe.finished(rider: index)
  }
}
