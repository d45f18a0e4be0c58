import Dispatch

extension Duration {
  /// The duration as a number of seconds.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// The duration for Dispatch's `asyncAfter` and `wait(timeout:)`.
  public var dispatchInterval: DispatchTimeInterval { .nanoseconds(Int(seconds * 1e9)) }
}
