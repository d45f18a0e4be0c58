import BikeShare
import Foundation

/// One visit to a station as a graph of operations, planned at once and
/// linked with `addDependency`:
///
///     racy: arrive ──▶ check ──▶ race window ──▶ take or leave
///                        └───────────────────────────▲
///     racy at window 0 without --log: arrive ──▶ check ──▶ take or leave
///     safe: arrive ──▶ take or leave
///
/// The arrival and the race window run on the riders' queue (they may hold
/// the rider); the check and the act run on the station's serial queue.
/// A run's probe does nothing at arrival (`pausesOnArrival`), and then the
/// visit has no arrival step: each operation costs about 20 µs of processor
/// time on Linux, and the step would be a third of a safe visit's.
/// Between the check and the act that queue is free: other riders' checks
/// and acts run there in between, and that is the race.
struct Visit {
  let arrive: ProbeOperation?
  let check: CheckOperation?
  let window: ProbeOperation?
  let act: TakeOrLeaveOperation
  /// The rider's request, sent as the visit starts.
  let request: RequestStamp?

  init(
    rider: Int, at index: Int, _ station: Station, wanting want: Want,
    request: RequestStamp? = nil, mode: Mode, probe: BlockingRaceProbe, log: EventLog,
    answered: @escaping @Sendable (StationCounts?) -> Void
  ) {
    self.request = request
    let arrive =
      probe.pausesOnArrival
      ? ProbeOperation(ProbeStop(rider: rider, station: index, point: .arrive), probe: probe) : nil
    self.arrive = arrive
    // The visit's first step on the station's queue is where its request
    // reaches the station: the act in safe mode, the check in racy.
    act = TakeOrLeaveOperation(
      rider: rider, station: station, want: want, mode: mode, log: log,
      request: mode == .safe ? request : nil, answered: answered)
    if mode == .safe {
      if let arrive { act.addDependency(arrive) }
      check = nil
      window = nil
    } else {
      let check = CheckOperation(
        rider: rider, station: station, want: want, log: log, request: request)
      if let arrive { check.addDependency(arrive) }
      self.check = check
      if probe.isBare {
        Self.original(check, then: act)
        window = nil
      } else {
        let window = ProbeOperation(
          ProbeStop(rider: rider, station: index, point: .raceWindow), probe: probe, after: check)
        window.addDependency(check)
        act.addDependency(window)
        act.addDependency(check)  // the act reads the check's answer
        self.window = window
      }
    }
  }

  // MARK: - Racy at window 0 without --log: the original code and nothing else
  //
  // The act depends on the check alone: the check's end hands it on, with no
  // step in between. A test keeps this function exactly as it is.

  private static func original(_ check: CheckOperation, then act: TakeOrLeaveOperation) {
    act.addDependency(check)
  }

  /// Every step, in dependency order.
  var steps: [Step] { [arrive, check, window, act].compactMap { $0 } }

  /// Links each step to hand on the next to the queue it belongs on; the
  /// caller then hands on the first with `start(on:station:)`.
  func chain(on queues: Queues, station: Station) {
    for (step, next) in zip(steps, steps.dropFirst()) {
      step.then { Self.add(next, to: queues, station: station) }
    }
  }

  /// Hands the visit's first step to its queue: the arrival, or without
  /// one the check or the act. The rider's request is sent now (the
  /// visit was planned a leg before).
  func start(on queues: Queues, station: Station) {
    request?.send()
    Self.add(steps[0], to: queues, station: station)
  }

  /// Probes run on the riders' queue, checks and acts on the station's.
  private static func add(_ step: Step, to queues: Queues, station: Station) {
    if step is ProbeOperation {
      queues.add(step, to: queues.riders(step.rider), as: .riders)
    } else {
      queues.add(step, to: station.queue, as: .stations)
    }
  }
}
