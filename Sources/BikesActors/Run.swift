import BikeShare

/// One simulation run: a child task per rider, in task groups of at most
/// `crewSize` riders inside one group. The run ends when every rider has;
/// Ctrl-C cancels the run's task, and with it every group and every rider.
enum Run {
  /// Why not one flat group: collecting the children of a cancelled group
  /// spent its time in `swift::TaskGroup::removeChildTask` (gdb), at a cost
  /// that grew faster than the group: with 100,000 riders in one group,
  /// Ctrl-C took 41.6 s to collect them; in crews of 1,000, 0.65 s (release,
  /// two cores; chapter 05's going-further page). Why 100: that function
  /// walks the group's children from the first to the one `next()` returns
  /// (Swift 6.3.1, `perf annotate`), and riders end out of order, so even
  /// a run that ends by itself paid it: in crews of 1,000, 5.4 % of a
  /// 100,000-rider run's samples; in crews of 100, 0.6 to 0.7 %.
  static let crewSize = 100

  /// The riders, cut into consecutive crews.
  static func crews(of riders: Range<Int>) -> [Range<Int>] {
    stride(from: riders.lowerBound, to: riders.upperBound, by: crewSize).map {
      $0..<min($0 + crewSize, riders.upperBound)
    }
  }

  static func ride(_ simulation: Simulation) async -> RunOutcome {
    let stations = simulation.makeStations(Station.init)
    let rider = Rider(
      mode: simulation.riderMode, fix: simulation.configuration.fix,
      callers: simulation.configuration.callers,
      stations: stations, payments: Payments(log: simulation.log), probe: simulation.probe,
      log: simulation.log)
    let legDuration = simulation.configuration.legDuration
    // `--vans`: a task each, beside the riders.
    async let vans = drive(simulation.vans, simulation, stations)
    let results = await withTaskGroup(of: [(Int, RiderResult)].self) { crews in
      for crew in Self.crews(of: simulation.riders) {
        crews.addTask {
          await withTaskGroup(of: (Int, RiderResult).self) { group in
            for index in crew {
              let journey = simulation.journey(for: index)
              group.addTask {
                // The rider's requests, for the report's overtaking count
                // (a task-local value: the task it makes inherits it).
                await RequestStamp.$current.withValue(journey.request) {
                  guard simulation.callOffs?.plan[index] != nil else {
                    return (index, await rider.ride(journey, legDuration: legDuration))
                  }
                  return (index, await calledOff(rider, journey, legDuration: legDuration))
                }
              }
            }
            var finished: [(Int, RiderResult)] = []
            for await result in group { finished.append(result) }
            return finished
          }
        }
      }
      var results = Array(repeating: RiderResult(), count: simulation.riders.count)
      for await crew in crews {
        for (index, result) in crew { results[index] = result }
      }
      return results
    }
    let vanResults = await vans  // before the counts: vans change them
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.counts) }
    return RunOutcome(riders: results, stations: ends, vans: vanResults)
  }

  /// `--call-off` and `--deadline-ms`: a task group's children are
  /// cancelled all together or not at all, so a rider the app (or its
  /// deadline) may call off alone rides in a task of its own, whose handle
  /// the app keeps (`Task.cancel()`). Cancelling the crew (Ctrl-C) does not
  /// reach such a task: it is passed on by hand.
  private static func calledOff(_ rider: Rider, _ journey: Journey, legDuration: Duration) async
    -> RiderResult
  {
    let handle = Locked<Task<RiderResult, Never>?>(nil)
    let timeIsUp = Locked(false)
    // Made under the lock, so the rider's call-off finds the handle there.
    let trip = handle.withLock { kept in
      let trip = Task {
        await rider.ride(
          journey, legDuration: legDuration, callOff: { handle.withLock { $0 }?.cancel() },
          deadlinePassed: { timeIsUp.withLock { $0 } })
      }
      kept = trip
      return trip
    }
    // `--deadline-ms`: a task that sleeps until the time is up, then cancels
    // the trip (`Task.cancel()`: the trip's sleep throws at once, and the
    // rider looks). Cancelled when the trip is over; one whose sleep had
    // ended just before still writes its time in the call-offs (which the
    // report does not read: the rider's result says whether it was called
    // off) and cancels a trip that has ended.
    let timer = journey.deadline.map { deadline in
      Task {
        guard (try? await Task.sleep(for: deadline)) != nil else { return }
        journey.deadlinePassed()
        timeIsUp.withLock { $0 = true }
        trip.cancel()
      }
    }
    let result = await withTaskCancellationHandler {
      await trip.value
    } onCancel: {
      trip.cancel()
      timer?.cancel()
    }
    timer?.cancel()
    return result
  }

  /// Every van's transfers, a leg between them, until done or cancelled.
  private static func drive(
    _ vans: Range<Int>, _ simulation: Simulation, _ stations: [Station]
  ) async -> [VanResult] {
    await withTaskGroup(of: (Int, VanResult).self) { group in
      for index in vans {
        group.addTask {
          var rounds = simulation.rounds(for: index)
          while !Task.isCancelled, let route = rounds.next() {
            let van = Van(
              trip: simulation.trip(index, route, logNumber: rounds.logNumber), stations: stations,
              probe: simulation.probe)
            // Nil only when a scripted gate gives up on the van: counted as turned away.
            rounds.record(await van.transfer() ?? .noBike)
            try? await Task.sleep(for: simulation.configuration.legDuration)
          }
          return (index, rounds.result)
        }
      }
      var results = Array(repeating: VanResult(), count: vans.count)
      for await (index, result) in group { results[index] = result }
      return results
    }
  }
}
