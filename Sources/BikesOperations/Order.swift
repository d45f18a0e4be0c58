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
      let end = BlockOperation { continuation.resume(returning: [rossio.countsAfterRun]) }
      let asking = BlockOperation {
        var previous: Operation?
        stage.appAsksBlocking { rider in
          let request = BlockOperation {
            stage.arrivesBlocking(rider) { rossio.hold { rossio.takeBike() } }
          }
          if stage.mode.isFix, let previous { request.addDependency(previous) }
          previous = request
          end.addDependency(request)
          requests.addOperation(request)
        }
      }
      end.addDependency(asking)
      app.addOperations([asking, end], waitUntilFinished: false)
    }
  }
}
