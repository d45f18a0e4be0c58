import BikeShare
import Foundation
import Synchronization

/// A rider's final operation. It depends on every step of the rider's
/// journey, so it runs once all of them have finished (or been cancelled),
/// and reads the rider's totals.
final class DoneOperation: Step, @unchecked Sendable {
  private let source = Mutex<(@Sendable () -> RiderResult)?>(nil)
  private let stored = Mutex<RiderResult?>(nil)

  init(rider: Int) {
    super.init(rider: rider, name: "rider \(rider + 1): done")
  }

  /// Where the totals come from (set once by the rider, which owns this operation).
  func reads(_ totals: @escaping @Sendable () -> RiderResult) {
    source.withLock { $0 = totals }
  }

  var result: RiderResult? { stored.withLock { $0 } }

  // Never cancelled: it runs on the run's queue, which Ctrl-C leaves alone.
  override func main() {
    let totals = source.withLock { $0 }?()
    stored.withLock { $0 = totals }
  }
}
