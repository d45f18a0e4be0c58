/// The line of `TurnTaking` and `BlockingTurnTaking`, written once: one
/// rider at a time holds the turn, the others wait first come, first
/// served, and no turn is given until `startingLine` riders wait. `Waiter`
/// is how a rider waits: a continuation, or a semaphore.
struct TurnLine<Waiter> {
  private var holder: Int?
  private var queue: [(rider: Int, waiter: Waiter)] = []
  /// No turn is given until this many riders are queued (then it is 0).
  private var startingLine: Int

  init(startingLine: Int) { self.startingLine = startingLine }

  /// `rider` arrives (giving up its turn if it held one) and waits in line;
  /// the waiter to wake, if a turn is given now.
  mutating func arrive(_ rider: Int, waiter: Waiter) -> Waiter? {
    if holder == rider { holder = nil }
    queue.append((rider, waiter))
    return handOn()
  }

  /// `rider` is done (giving up its turn if it held one); the waiter to wake.
  mutating func finish(_ rider: Int) -> Waiter? {
    if holder == rider { holder = nil }
    return handOn()
  }

  private mutating func handOn() -> Waiter? {
    guard holder == nil, !queue.isEmpty, queue.count >= startingLine else { return nil }
    startingLine = 0
    let next = queue.removeFirst()
    holder = next.rider
    return next.waiter
  }
}
