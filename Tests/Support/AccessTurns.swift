import Foundation
import Synchronization

/// The probe between two protected accesses: after each access to a
/// station's counters (a read or an update, under a lock or on the
/// station's queue), the thread that made it waits until another thread has
/// made one (or gives up after a hundred yields, when nobody else is
/// there), as the scripted gate lets another rider through between two
/// steps. One protected check-and-act cannot be split by it; a safe step
/// split into two accesses, read then update or update then update, is
/// split every time another rider is waiting.
public final class AccessTurns: Sendable {
  private let accesses = Atomic<Int>(0)

  public init() {}

  /// Call after each protected access, outside the protection.
  public func take() {
    let mine = accesses.add(1, ordering: .relaxed).newValue
    var spins = 0
    while accesses.load(ordering: .relaxed) == mine, spins < 100 {
      sched_yield()
      spins += 1
    }
  }
}
