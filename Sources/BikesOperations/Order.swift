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
    return await withCheckedContinuation { continuation in
      app.addOperation {
        var previous: Operation?
        var sent: [Operation] = []
        stage.appAsksBlocking { rider in
          let request = BlockOperation {
            stage.arrivesBlocking(rider) { rossio.hold { rossio.takeBike() } }
          }
          if stage.mode.isFix, let previous { request.addDependency(previous) }
          previous = request
          sent.append(request)
          requests.addOperation(request)
        }
        // The end waits for every request; its dependencies are all set
        // before it is queued.
        let end = BlockOperation { continuation.resume(returning: [rossio.countsAfterRun]) }
        for request in sent { end.addDependency(request) }
        app.addOperation(end)
      }
    }
  }
}
