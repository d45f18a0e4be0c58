import BikeShare
import Dispatch

/// One path (take a bike at `from`, ride, leave it at `to`) written the way
/// completion-handler code grows when nobody tidies it: each step inside the
/// closure of the step before, five levels deep, with the racy ask-then-act
/// of the original at both stations. `Rider` does the same work in named
/// steps; compare the two.
///
/// - Parameter completion: `true` if the bike was taken at `from` and left at `to`.
func rideOnePath(
  from: Station, to: Station, legDuration: DispatchTimeInterval, queue: DispatchQueue,
  completion: @escaping @Sendable (Bool) -> Void
) {
  from.freeBikes(on: queue) { free in
    if free > 0 {
      from.removeBike(on: queue) { _ in
        queue.asyncAfter(deadline: .now() + legDuration) {
          to.emptySlots(on: queue) { empty in
            if empty > 0 {
              to.addBike(on: queue) { _ in
                completion(true)
              }
            } else {
              completion(false)
            }
          }
        }
      }
    } else {
      completion(false)
    }
  }
}
