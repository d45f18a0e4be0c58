import BikeShare
import Dispatch

/// The cancel story (`--story cancel`) in the era of futures: each rider's
/// trip is a future, made by hand and finished by the rider's thread when the
/// trip is over. X calls rider A off with `Future.cancel()`, which finishes
/// the future at once (whoever waits for it wakes) but stops no work: the
/// rider goes on until its code checks `isCancelled` (`CancelTrip.go`).
extension FuturesEra {
  static func cancel(_ stage: CancelStage) async -> [StationCounts] {
    let stations = zip(stage.stations, stage.audits).map { Station($0, audit: $1) }
    let (rossio, chiado) = (stations[0], stations[1])
    let probe = stage.blockingProbe
    let trips = stage.riders.map { _ in Future<Void, any Error>.byHand { _ in } }
    await stage.eachOnAThread(
      callingOff: { trips[CancelStage.target].cancel() },
      rider: { index in
        let trip = trips[index]
        stage.trip(index).go(
          pass: probe.pass, calledOff: { trip.isCancelled }, take: { rossio.takeBike().wait() },
          dock: { chiado.leaveBike().wait() }, giveBack: { rossio.leaveBike().wait() })
        trip.finish(.success(()))
      })
    var ends: [StationCounts] = []
    for station in stations { ends.append(await station.readCounts().value) }
    return ends
  }
}
