/// Ctrl-C, seen by every era in its own idiom (task cancellation, a flag,
/// `cancelAllOperations()`, ...).
public final class StopSwitch: Sendable {
  private let state = Locked<(stopped: Bool, handlers: [@Sendable () -> Void])>((false, []))

  public init() {}

  public var isStopped: Bool { state.withLock { $0.stopped } }

  /// Runs `handler` when the switch is pulled (at once if it already was).
  public func onStop(_ handler: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state in
      if state.stopped { return true }
      state.handlers.append(handler)
      return false
    }
    if runNow { handler() }
  }

  public func stop() {
    let handlers = state.withLock { state in
      if state.stopped { return [@Sendable () -> Void]() }
      state.stopped = true
      defer { state.handlers = [] }
      return state.handlers
    }
    for handler in handlers { handler() }
  }
}
