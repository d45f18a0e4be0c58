import BikeShare

/// `bikes-actors hazards`: the traps of cancellation. A task is cancelled
/// only where its code checks (SE-0304: cancellation "has no effect at all
/// unless something checks for cancellation"), and only the tasks of the
/// tree that is cancelled.
extension ActorsEra {
  static let callOffHazards = [unstructuredErrand, deadlineInAGroup]

  static let unstructuredErrand = Hazard(.unstructuredErrand, .async(crew))

  /// The errand reaches Rossio only after the crew was cancelled (the order is forced).
  private static func crew(asChild: Bool, watch: HazardWatch) async -> HazardFinish {
    let rossio = Rossio()
    let calledOff = Gate()
    let errand = Locked<Task<Bool, Never>?>(nil)
    let fetch: @Sendable () async -> Bool = {
      await calledOff.wait()
      return Task.isCancelled ? false : await rossio.take()
    }
    let crew = Task {
      await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          guard asChild else {
            errand.withLock { $0 = Task { await fetch() } }
            return false
          }
          async let bike = fetch()
          return await bike
        }
        return await group.next() ?? false
      }
    }
    crew.cancel()
    await calledOff.open()
    let crewGot = await crew.value
    let errandGot = await errand.withLock { $0 }?.value ?? false
    watch.progress()
    let left = await rossio.bikes
    // Short: the liveness table prints it in a column.
    return HazardFinish(
      "crew called off; " + (errandGot ? "Task { } took the bike" : "the child took nothing"),
      showed: asChild ? left == 1 && !crewGot : left == 0 && errandGot)
  }

  static let deadlineInAGroup = Hazard(.deadlineInAGroup, .async(race))

  private static func race(checking: Bool, watch: HazardWatch) async -> HazardFinish {
    let clock = ContinuousClock()
    let start = clock.now
    let first = await withTaskGroup(of: String.self) { group in
      group.addTask {
        // A ride of many short steps; unchecked, none of them looks at cancellation.
        while !checking || !Task.isCancelled { await Task.yield() }
        return "the ride"
      }
      group.addTask {
        try? await Task.sleep(for: .milliseconds(50))
        return "the deadline"
      }
      let first = await group.next() ?? "nobody"
      group.cancelAll()
      watch.waiting(
        "group",
        "the deadline cancelled the ride at 50 ms; the group waits for the ride, which never"
          + " checks for cancellation")
      return first
    }
    watch.progress()
    let milliseconds = Int((start.duration(to: clock.now).seconds * 1000).rounded())
    return HazardFinish(
      "\(first) came first; the group returned \(milliseconds) ms after the start",
      showed: first == "the deadline")
  }
}

/// Rossio with one bike.
private actor Rossio {
  private(set) var bikes = 1

  func take() -> Bool {
    guard bikes > 0 else { return false }
    bikes -= 1
    return true
  }
}
