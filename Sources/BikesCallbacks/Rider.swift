import BikeShare
import Dispatch

/// A rider whose journey is a chain of callbacks: every step is started from
/// the completion handler of the step before. Nothing waits and no thread is
/// blocked between steps; legs are `asyncAfter`.
///
/// Each rider does its work on a serial queue, and stations answer it there.
/// In a run riders share a few (`Lanes`). Under a probe that may hold a
/// rider until another moves, each rider has a queue of its own, so a held
/// rider holds only its own: serial queues target libdispatch's overcommit
/// pool, which starts a thread whenever work waits and no worker is idle
/// (up to 255 on Linux), whereas a shared concurrent queue targets the
/// non-overcommit pool, which on Linux adds at most one thread a second
/// while its threads are blocked.
final class Rider: Sendable {
  let index: Int
  private let stations: [Station]
  private let mode: Mode
  private let probe: BlockingRaceProbe
  private let log: EventLog
  private let legDuration: DispatchTimeInterval
  private let onRelease: (@Sendable () -> Void)?
  /// The rider's serial queue: its steps and the stations' answers run here.
  private let queue: DispatchQueue
  /// A 2024 type: a 2016 rider would confine this state to `queue`. Kept so
  /// the compiler checks `Rider`.
  private let state: Locked<State>
  /// `--call-off`: the trip's handle, which the app cancels as the rider
  /// sets off on the ride the dice chose. Cancelling only sets a flag: the
  /// leg's `asyncAfter` block still runs, and reads it.
  private let callOff = CallbacksEra.CallOff()
  /// The journey's request, numbered at each `pickStation()`.
  private let request: RequestStamp?

  private struct State {
    var legUnderWay = false
    var stopped = false
    var completion: (@Sendable (RiderResult) -> Void)?
    var journey: Journey
  }

  init(
    journey: Journey, stations: [Station], mode: Mode, probe: BlockingRaceProbe, log: EventLog,
    legDuration: Duration, queue: DispatchQueue? = nil, onRelease: (@Sendable () -> Void)? = nil
  ) {
    index = journey.rider
    request = journey.request
    self.stations = stations
    self.mode = mode
    self.probe = probe
    self.log = log
    self.legDuration = legDuration.dispatchInterval
    self.queue = queue ?? DispatchQueue(label: "rider.\(journey.rider + 1)")
    self.onRelease = onRelease
    state = Locked(State(journey: journey))
  }

  deinit { onRelease?() }

  /// Starts the journey; `completion` runs once, when it is over or stopped.
  func start(completion: @escaping @Sendable (RiderResult) -> Void) {
    let deadline = state.withLock { state in
      state.completion = completion
      return state.journey.deadline
    }
    if let deadline {
      // `--deadline-ms`: a timer on the rider's queue calls the trip off.
      // It calls no completion: it cancels the handle, and the rider reads
      // the handle where it always does, when a leg ends.
      queue.asyncAfter(deadline: .now() + deadline.dispatchInterval) { [weak self] in
        self?.deadlinePassed()
      }
    }
    queue.async { self.goToNextStation() }  // from here on, every step runs on `queue`
  }

  /// `--deadline-ms`: the rider's time is up, unless its journey is over.
  private func deadlinePassed() {
    let out = state.withLock { state in
      guard state.completion != nil else { return false }
      state.journey.deadlinePassed()
      return true
    }
    if out { callOff.cancel() }
  }

  /// Ctrl-C: no new leg starts, and a rider on a leg finishes at once (its
  /// `asyncAfter` block will find nothing left to do).
  func stop() {
    let wasOnALeg = state.withLock { state in
      state.stopped = true
      defer { state.legUnderWay = false }
      return state.legUnderWay
    }
    if wasOnALeg { finish() }
  }

  // MARK: - The journey in named steps

  private func goToNextStation() {
    let (station, want) = state.withLock { ($0.journey.pickStation(), $0.journey.wants) }
    // A strong `self`: the station always answers, and its answer runs once.
    ask(station, for: want) { succeeded in
      self.arrived(at: station, succeeded: succeeded)
    }
  }

  private func arrived(at station: Int, succeeded: Bool) {
    let (next, reachedGoal) = state.withLock { state in
      (state.journey.record(succeeded), state.journey.result.reachedGoal)
    }
    switch next {
    case .leg:
      startLeg()
    case .over:
      if reachedGoal {
        log.record(.reachedGoal(rider: index, station: stations[station].record.name))
      }
      finish()  // no further callback is scheduled: the rider's chain ends here
    }
  }

  private func startLeg() {
    let scheduled = state.withLock { state in
      guard !state.stopped else { return false }
      state.legUnderWay = true
      if state.journey.callOffDue() { callOff.cancel() }
      return true
    }
    guard scheduled else { return finish() }
    // A strong `self`: the block is no property of the rider's, so it makes
    // no cycle; it keeps a stopped rider one leg longer at most, and costs
    // no weak reference, which is dear by the million (chapter 01).
    queue.asyncAfter(deadline: .now() + legDuration) { self.legEnded() }
  }

  private func legEnded() {
    // Whoever ends the leg owns the next step: this block, or `stop()`.
    let (mine, stops) = state.withLock { state in
      guard state.legUnderWay else { return (false, false) }
      state.legUnderWay = false
      return (true, callOff.isCancelled && state.journey.noticedCallOff())
    }
    guard mine else { return }
    stops ? finish() : goToNextStation()
  }

  private func finish() {
    let (completion, result) = state.withLock { ($0.completion.take(), $0.journey.result) }
    probe.finished(rider: index)
    completion?(result)
  }

  // MARK: - One visit

  /// Asks the station for a bike or an empty slot; `completion` says whether
  /// the rider got it. Everything, the probes included, runs on the rider's
  /// queue, never on the station's. (The journey's own steps are on that
  /// queue already, and call `ask` without the hop.)
  func visit(_ station: Int, wanting want: Want, completion: @escaping @Sendable (Bool) -> Void) {
    queue.async { self.ask(station, for: want, completion: completion) }
  }

  private func ask(_ station: Int, for want: Want, completion: @escaping @Sendable (Bool) -> Void) {
    probe.pause(ProbeStop(rider: index, station: station, point: .arrive))
    let name = stations[station].record.name
    let answered: @Sendable (StationCounts?) -> Void = { [log, index] now in
      log.record(.answer(rider: index, station: name, wanted: want, now: now))
      completion(now != nil)
    }
    // The request goes with the station's first call (the report's
    // overtaking count, chapter 10).
    RequestStamp.$current.withValue(request) {
      switch (mode, want) {
      case (.safe, .bike): stations[station].takeBike(on: queue, completion: answered)
      case (.safe, .emptySlot): stations[station].leaveBike(on: queue, completion: answered)
      case (_, .bike): racyTake(at: station, completion: answered)
      case (_, .emptySlot): racyLeave(at: station, completion: answered)
      }
    }
  }

  // MARK: - Racy: ask, then act, in two calls

  private func racyTake(at index: Int, completion: @escaping @Sendable (StationCounts?) -> Void) {
    let station = stations[index]
    if probe.isBare { return originalTake(from: station, completion: completion) }
    station.freeBikes(on: queue) { [queue, probe, log, rider = self.index] free in
      log.record(
        .checked(rider: rider, station: station.record.name, counter: .freeBikes, value: free))
      guard free > 0 else { return completion(nil) }
      // RACE WINDOW: the station's queue is free; other riders' calls run on it now.
      probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
      station.removeBike(on: queue, completion: completion)
    }
  }

  private func racyLeave(at index: Int, completion: @escaping @Sendable (StationCounts?) -> Void) {
    let station = stations[index]
    if probe.isBare { return originalLeave(at: station, completion: completion) }
    station.emptySlots(on: queue) { [queue, probe, log, rider = self.index] empty in
      log.record(
        .checked(rider: rider, station: station.record.name, counter: .emptySlots, value: empty))
      guard empty > 0 else { return completion(nil) }
      // RACE WINDOW: the station's queue is free; other riders' calls run on it now.
      probe.pause(ProbeStop(rider: rider, station: index, point: .raceWindow))
      station.addBike(on: queue, completion: completion)
    }
  }

  // MARK: - Racy at window 0 without --log: the original code and nothing else
  //
  // The answer to the check starts the act, with nothing in between.
  // A test keeps these two functions exactly as they are.

  private func originalTake(
    from station: Station, completion: @escaping @Sendable (StationCounts?) -> Void
  ) {
    station.freeBikes(on: queue) { [queue] free in
      guard free > 0 else { return completion(nil) }
      station.removeBike(on: queue, completion: completion)
    }
  }

  private func originalLeave(
    at station: Station, completion: @escaping @Sendable (StationCounts?) -> Void
  ) {
    station.emptySlots(on: queue) { [queue] empty in
      guard empty > 0 else { return completion(nil) }
      station.addBike(on: queue, completion: completion)
    }
  }
}
