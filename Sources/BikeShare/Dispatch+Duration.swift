import Dispatch

extension Duration {
  /// The duration for Dispatch's `asyncAfter` and `wait(timeout:)`.
  public var dispatchInterval: DispatchTimeInterval { .nanoseconds(Int(seconds * 1e9)) }
}
