import BikeShare
import Dispatch

/// The order story (`--story order`) in the era of completion handlers. The
/// app sends each request as a block. Racy: a block each on the global
/// queue, a concurrent queue, so a later block may start first. Safe: one
/// serial queue of the app's, whose blocks start one at a time in the order
/// they were added; each hands its take to the station's serial queue, so
/// the takes reach Rossio in the order asked.
extension CallbacksEra {
  static func order(_ stage: OrderStage) async -> [StationCounts] {
    let rossio = Station(stage.station, audit: stage.audit)
    let probe = stage.blockingProbe
    let all = DispatchGroup()
    let requests = stage.mode.isFix ? DispatchQueue(label: "app.requests") : .global()
    // The app's code: one block, which a blocking probe may hold.
    DispatchQueue(label: "app").async(group: all) {
      stage.appAsksBlocking { rider in
        all.enter()
        // Safe: the serial queue is what keeps the order. Racy, under the
        // gate: a lane of the request's own (`OrderStage.lane`).
        (stage.mode.isFix ? requests : stage.lane(rider, or: requests)).async {
          guard probe.pass(stage.take(rider)) else {
            probe.finished(rider: rider)
            return all.leave()
          }
          // The answer comes on the global queue: a block waiting on the
          // serial queue behind this one must not hold it up.
          rossio.takeBike(on: .global()) { now in
            stage.served(rider, now)
            probe.finished(rider: rider)
            all.leave()
          }
        }
      }
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      all.notify(queue: .global()) { continuation.resume() }
    }
    return [await rossio.counts()]
  }
}
