import BikeShare
import Foundation

/// A rider's final operation. It depends on every step of the rider's
/// journey, so it runs once all of them have finished (or been cancelled),
/// and reads the rider's totals.
final class DoneOperation: Step, @unchecked Sendable {
  private let state = Locked<(source: (@Sendable () -> RiderResult)?, result: RiderResult?)>(
    (nil, nil))

  init(rider: Int) {
    super.init(rider: rider, doing: "done")
  }

  /// Where the totals come from (set once by the rider, which owns this operation).
  func reads(_ totals: @escaping @Sendable () -> RiderResult) {
    state.withLock { $0.source = totals }
  }

  var result: RiderResult? { state.withLock { $0.result } }

  // Never cancelled: it runs on the run's queue, which Ctrl-C leaves alone.
  override func main() {
    let totals = state.withLock { $0.source }?()
    state.withLock { $0.result = totals }
  }
}
