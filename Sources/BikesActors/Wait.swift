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
      rossio = WaitingLine(stage) { wake, end in wake.resume(returning: end) }
    }

    var end: StationCounts { rossio.counts }

    /// Racy: reads the rider's call-off, then takes a free bike if there is
    /// one; true if the rider's visit is over (it rides, or stops).
    func look(_ rider: Int) -> Bool {
      if rossio.stops(rider) || rossio.take(rider) { return true }
      stage.sawNoBike(rider)
      return false
    }

    /// Racy: joins the line and sleeps.
    func joinAndWait(_ rider: Int) async -> WaitEnd {
      await sleepInLine(rider)
    }

    /// Safe: reads the rider's call-off, takes a free bike, or joins the
    /// line in the same step and sleeps; nil if the rider took a bike at once.
    func lookOrWait(_ rider: Int) async -> WaitEnd? {
      if rossio.stops(rider) { return .calledOff }
      if rossio.take(rider) { return nil }
      return await sleepInLine(rider)
    }

    /// The closure runs at once, on the actor: nothing comes between the
    /// rider's joining the line and its continuation being there to resume.
    private func sleepInLine(_ rider: Int) async -> WaitEnd {
      await withCheckedContinuation { wake in rossio.join(rider, wake) }
    }

    /// After a wait: reads the rider's call-off; true if it goes on.
    func read(_ rider: Int, after end: WaitEnd) -> Bool {
      rossio.read(rider, after: end)
    }

    /// The van docks a bike: racy, into a dock, then resumes the head of
    /// the line; safe, hands it to the head of the line, or docks it.
    func dock() { rossio.dock() }

    /// A call-off: each of `riders` in the line leaves it, resumed once.
    func callOff(_ riders: [Int]) { rossio.callOff(riders) }
  }

  static func wait(_ stage: WaitStage) async -> [StationCounts] {
    let rossio = WaitingRossio(stage)
    stage.callOff { riders in Task { await rossio.callOff(riders) } }
    let probe = stage.probe
    await withTaskGroup(of: Void.self) { group in
      for rider in stage.riders {
        group.addTask {
          defer { stage.finished(rider) }
          while await probe.pass(stage.look(rider)) {
            if stage.mode.isFix {
              guard let end = await rossio.lookOrWait(rider), end == .handed else { return }
              // Chapter 09's rule: read the call-off after every wait, one that got the bike too.
              if let woke = stage.woke(rider), await !probe.pass(woke) { return }
              _ = await rossio.read(rider, after: end)
              return
            }
            if await rossio.look(rider) { return }
            guard await probe.pass(stage.wait(rider)) else { return }
            // Woken, the rider looks again, and reads its call-off as it looks.
            guard await rossio.joinAndWait(rider) == .woken else { return }
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
