// What: the callbacks era's station, a class whose counters live on its
// serial queue, written without `@unchecked Sendable`.
// Caught by: Sendable checking of a `@Sendable` closure's captures (SE-0302).
// Verdict: error: capture of 'self' with non-Sendable type 'Station' in a '@Sendable' closure
import Dispatch

final class Station {
  private let queue = DispatchQueue(label: "station")
  private var freeBikes = 3

  func removeBike(completion: @escaping @Sendable () -> Void) {
    queue.async {
      self.freeBikes -= 1
      completion()
    }
  }
}
