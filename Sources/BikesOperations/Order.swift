import BikeShare
import Foundation

/// The order story (`--story order`) in the era of operations. The app
/// sends each request as an operation on a queue that runs several at once.
/// Racy: no dependency, so the queue may start a later one first. Safe:
/// each request depends on the one asked before it (`addDependency`): an
/// operation is not ready, and does not start, until the one it depends on
/// has finished.
extension OperationsEra {
  static func order(_ stage: OrderStage) async -> [StationCounts] {
    let rossio = Station(stage.station, audit: stage.audit)
    let requests = OperationQueue()
    requests.name = "app requests"
    let app = OperationQueue()
    app.name = "app"
    // Under the gate, each request, and the app, on a lane of its own (`Lanes`).
    let lanes = Lanes(requests, participants: stage.riders, probe: stage.blockingProbe)
    let appLanes = Lanes(app, participants: [0], probe: stage.blockingProbe)
    return await withCheckedContinuation { continuation in
      // Every rider's request is made now and sent when the app asks; the
      // end waits for every one, and is queued before any is sent (corelibs
      // would lose its wake-up if one finished while it was queued: see
      // `EndOperation`).
      var made: [Int: WideningOperation] = [:]
      for rider in stage.riders {
        made[rider] = WideningOperation {
          stage.arrivesBlocking(rider) { rossio.hold { rossio.takeBike() } }
        }
      }
      let end = EndOperation { continuation.resume(returning: [rossio.countsAfterRun]) }
      for request in made.values { end.addDependency(request) }
      end.widenNextReadinessRead()
      app.addOperation(end)
      appLanes.queue(0).addOperation { [made] in
        var previous: Operation?
        var unsent = made
        stage.appAsksBlocking { rider in
          guard let request = unsent.removeValue(forKey: rider) else { return }
          if stage.mode.isFix, let previous { request.addDependency(previous) }
          previous = request
          // The previous request may be finishing now; a ticket queued after
          // this one is a dependency that cannot finish first (`EndOperation`).
          let ticket = request.dependencies.isEmpty ? nil : BlockOperation {}
          if let ticket { request.addDependency(ticket) }
          request.widenNextReadinessRead()
          lanes.queue(rider).addOperation(request)
          if let ticket { lanes.queue(rider).addOperation(ticket) }
        }
        // A request never sent (the run was ended before the app asked)
        // is cancelled: it finishes at once, without its work.
        for (rider, request) in unsent {
          request.cancel()
          lanes.queue(rider).addOperation(request)
        }
      }
    }
  }
}
