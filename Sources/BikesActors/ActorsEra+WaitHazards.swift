import BikeShare

/// `bikes-actors hazards resumed-twice`: waiting for a condition (the wait
/// story, chapter 11) with a line of checked continuations, and a call-off
/// that resumes a sleeper's continuation but leaves it in the line.
extension ActorsEra {
  static let resumedTwice = Hazard(
    name: "resumed-twice",
    what: "A and B wait in Rossio's line; A is called off; the van docks a bike",
    rule: "resume each continuation exactly once, on every path: take it out as you resume it",
    broken: "the call-off resumes A, but A stays in the line", expect: .trap,
    fix: "the call-off takes A out, then resumes it",
    .async { fixed, watch in
      let rossio = LineOfContinuations(fixed: fixed)
      watch.waiting("riders", "A and B wait in Rossio's line")
      // A first, then B: A is the head of the line.
      async let a = rossio.waitForBike("A")
      await rossio.whenWaiting(1)
      async let b = rossio.waitForBike("B")
      await rossio.whenWaiting(2)
      await rossio.callOff("A")
      // The bike goes to the head of the line: B, once A has left it.
      await rossio.dock()
      let (endA, endB) = await (a, b)
      watch.waiting("riders", nil)
      return HazardFinish(
        "A: \(endA); B: \(endB)", showed: endA == "called off" && endB == "rode")
    })
}

/// Rossio's line of sleepers: each a checked continuation, resumed with
/// how its wait ended.
private actor LineOfContinuations {
  private let fixed: Bool
  private var line: [(rider: String, wake: CheckedContinuation<String, Never>)] = []
  private var waiters: [(count: Int, go: CheckedContinuation<Void, Never>)] = []

  init(fixed: Bool) { self.fixed = fixed }

  func waitForBike(_ rider: String) async -> String {
    await withCheckedContinuation { wake in
      line.append((rider, wake))
      for waiter in waiters where line.count >= waiter.count { waiter.go.resume() }
      waiters.removeAll { line.count >= $0.count }
    }
  }

  /// Returns once `count` riders are in the line.
  func whenWaiting(_ count: Int) async {
    guard line.count < count else { return }
    await withCheckedContinuation { go in waiters.append((count, go)) }
  }

  func callOff(_ rider: String) {
    guard let index = line.firstIndex(where: { $0.rider == rider }) else { return }
    if fixed {
      line.remove(at: index).wake.resume(returning: "called off")
    } else {
      line[index].wake.resume(returning: "called off")  // still in the line
    }
  }

  /// A bike for the head of the line.
  func dock() {
    guard !line.isEmpty else { return }
    line.removeFirst().wake.resume(returning: "rode")
  }
}
