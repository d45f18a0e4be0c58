import BikeShare

/// The wait story (`--story wait`) in the era of async/await: a task for
/// each rider and one for the van, and Rossio an actor that keeps its line
/// as checked continuations. Racy: the rider calls `look()`, then
/// `joinAndWait()`, two calls with a suspension between them: a dock in
/// between wakes nobody. Safe: one call, `lookOrWait()`, whose
/// `withCheckedContinuation` runs its closure at once, on the actor, so
/// the look and the join are one step (SE-0300).
extension ActorsEra {
  actor WaitingRossio {
    private var rossio: WaitingLine<CheckedContinuation<WaitEnd, Never>>
    private let stage: WaitStage

    init(_ stage: WaitStage) {
      self.stage = stage
      rossio = WaitingLine(stage)
    }

    var end: StationCounts { rossio.counts }

    /// Takes a free bike if there is one; true if the rider rides now.
    func look(_ rider: Int) -> Bool {
      if rossio.take(rider) { return true }
      stage.sawNoBike(rider)
      return false
    }

    /// Racy: joins the line and sleeps; true if a dock woke it.
    func joinAndWait(_ rider: Int) async -> Bool {
      await sleepInLine(rider) == .woken
    }

    /// Safe: takes a free bike, or joins the line in the same step and
    /// sleeps until a dock hands it one; true if the rider rides.
    func lookOrWait(_ rider: Int) async -> Bool {
      if rossio.take(rider) { return true }
      return await sleepInLine(rider) == .handed
    }

    /// The closure runs at once, on the actor: nothing comes between the
    /// rider's joining the line and its continuation being there to resume.
    private func sleepInLine(_ rider: Int) async -> WaitEnd {
      await withCheckedContinuation { wake in rossio.join(rider, wake) }
    }

    /// The van docks a bike: racy, into a dock, then resumes the head of
    /// the line; safe, hands it to the head of the line, or docks it.
    func dock() {
      guard let (wake, end) = rossio.dock() else { return }
      wake.resume(returning: end)
    }

    /// The stage's call-off: each sleeper leaves the line, resumed once.
    func callOff(_ sleepers: [Int]) {
      for wake in rossio.callOff(sleepers) { wake.resume(returning: .calledOff) }
    }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff { sleepers in Task { await rossio.callOff(sleepers) } }
    let probe = stage.probe
    await withTaskGroup(of: Void.self) { group in
      for rider in stage.riders {
        group.addTask {
          defer { stage.finished(rider) }
          while await probe.pass(stage.look(rider)) {
            if stage.mode.isFix {
              _ = await rossio.lookOrWait(rider)
              return
            }
            if await rossio.look(rider) { return }
            guard await probe.pass(stage.wait(rider)), await rossio.joinAndWait(rider) else {
              return
            }
          }
        }
      }
      group.addTask {
        for _ in 0..<stage.bikes {
          guard await probe.pass(stage.dock) else { break }
          await rossio.dock()
        }
        stage.vanLeft()
      }
    }
    return [await rossio.end]
  }
}
