import BikeShare

/// What `bikes-bench` times here: take-and-leave pairs through `Rider.visit`
/// in every mode and fix, and an empty actor call from a task.
extension ActorsEra {
  static var benchCases: [BenchCase] {
    let modes: [(String, Mode, ActorsFix)] = [
      ("racy", .racy, .method), ("safe, fix method", .safe, .method),
      ("safe, fix isolated", .safe, .isolated), ("safe, fix reserve", .safe, .reserve),
    ]
    return modes.map { name, mode, fix in
      BenchCase(name) { riders, pairs, stop in await visits(mode, fix, riders, pairs, stop) }
    } + [
      // Where a visit's time goes beyond the hop: the station's own method
      // (counters and audit), without the rider's probe and log.
      BenchCase("safe, station calls only") { riders, pairs, stop in
        let station = Station(BenchCase.station, audit: StationAudit(BenchCase.station))
        await withDiscardingTaskGroup { group in
          for _ in 0..<riders {
            group.addTask {
              await stop.loop(pairs) {
                _ = await station.takeBike()
                _ = await station.leaveBike()
              }
            }
          }
        }
      },
      BenchCase("bare: actor call", isBare: true) { riders, pairs, stop in
        let empty = Empty()
        await withDiscardingTaskGroup { group in
          for _ in 0..<riders {
            group.addTask {
              await stop.loop(pairs) {
                await empty.call()
                await empty.call()
              }
            }
          }
        }
      },
    ]
      + EraInfo.actors.ownModes.map { own in
        BenchCase(own.mode.rawValue) { riders, pairs, stop in
          await visits(own.mode, .method, riders, pairs, stop)
        }
      }
  }

  /// An actor that only counts its calls: the price of the hop. (A method
  /// with an empty body is optimised away, hop and all.)
  actor Empty {
    private var calls = 0
    func call() { calls &+= 1 }
  }

  private static func visits(
    _ mode: Mode, _ fix: ActorsFix, _ riders: Int, _ pairs: Int, _ stop: BenchStop
  ) async {
    let station = Station(BenchCase.station, audit: StationAudit(BenchCase.station))
    let rider = Rider(
      mode: mode, fix: fix, callers: .nonisolated, stations: [station], payments: Payments(),
      probe: .waiting(.zero), log: .none)
    await withDiscardingTaskGroup { group in
      for index in 0..<riders {
        group.addTask {
          await stop.loop(pairs) {
            _ = await rider.visit(0, wanting: .bike, as: index)
            _ = await rider.visit(0, wanting: .emptySlot, as: index)
          }
        }
      }
    }
  }
}

extension ActorsEra {
  static var visitPrimitive: VisitPrimitive {
    VisitPrimitive(
      "actor call", perVisit: 1,
      why: "a safe visit is one call of its station's method: a hop there and back")
  }

  /// The floor: a child task per rider in the run's crews, each sleeping
  /// through its legs with `Task.sleep`. The second floor adds a call of a
  /// station actor before each leg and after the last.
  static func waitOutLegs(
    riders: Int, legs: Int, leg: Duration, threadCap: Int?, visits: FloorVisits?
  ) async {
    let stations = (0..<(visits?.stations ?? 0)).map { _ in Empty() }
    await withTaskGroup(of: Void.self) { crews in
      for crew in Run.crews(of: 0..<riders) {
        crews.addTask {
          await withTaskGroup(of: Void.self) { group in
            for rider in crew {
              group.addTask {
                for number in 0...legs {
                  if let visits {
                    await stations[visits.station(rider: rider, visit: number)].call()
                    visits.count()
                  }
                  if number < legs { try? await Task.sleep(for: leg) }
                }
              }
            }
          }
        }
      }
    }
  }
}
