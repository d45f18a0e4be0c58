import BikeShare
import Dispatch

/// The order story (`--story order`) in the era of futures. The app sends
/// each request as a future, whose work starts on the global queue at once.
/// Racy: a future each, so a later one may reach Rossio first. Safe: a
/// chain, each request's future waiting for the one asked before it
/// before it takes.
extension FuturesEra {
  static func order(_ stage: OrderStage) async -> [StationCounts] {
    let rossio = Station(stage.station, audit: stage.audit)
    // The app's code on a thread of its own: a blocking probe may hold it.
    let app = Future<[Future<Void, Never>], Never>.onNewThread {
      var requests: [Future<Void, Never>] = []
      stage.appAsksBlocking { rider in
        let previous = stage.mode.isFix ? requests.last : nil
        requests.append(
          Future(on: stage.lane(rider, or: .global())) {
            previous?.wait()
            stage.arrivesBlocking(rider) { rossio.takeBike().wait() }
          })
      }
      return requests
    }
    for request in await app.value { await request.value }
    return [await rossio.readCounts().value]
  }
}
