import BikeShare

/// The order story (`--story order`) in the era of async/await. The app's
/// code is one task. Racy: a `Task {}` each, from code isolated to no actor,
/// so each runs on the global concurrent executor and a later one may reach
/// Rossio first. Safe: the app yields each request into an `AsyncStream`,
/// and one task reads the stream and takes them in turn.
extension ActorsEra {
  static func order(_ stage: OrderStage) async -> [StationCounts] {
    let rossio = Station(stage.station, audit: stage.audit)
    guard stage.mode.isFix else {
      var requests: [Task<Void, Never>] = []
      await stage.appAsks { rider in
        requests.append(Task { await stage.arrives(rider) { await rossio.takeBike() } })
      }
      for request in requests { await request.value }
      return [await rossio.counts]
    }
    let (line, sender) = AsyncStream.makeStream(of: Int.self)
    let worker = Task {
      for await rider in line {
        await stage.arrives(rider) { await rossio.takeBike() }
      }
    }
    await stage.appAsks { rider in sender.yield(rider) }
    sender.finish()
    await worker.value
    return [await rossio.counts]
  }
}
