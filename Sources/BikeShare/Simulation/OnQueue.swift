import Dispatch

/// A value confined to one serial queue, GCD's idiom for a promise the
/// compiler cannot check: a read or a write from any other queue stops the
/// program, in release builds too (`dispatchPrecondition`). The callbacks
/// and futures stations keep their counters in one; the class that holds it
/// still vouches for itself with `@unchecked Sendable`.
@propertyWrapper public struct OnQueue<Value> {
  private let queue: DispatchQueue
  private var value: Value

  public init(wrappedValue: Value, _ queue: DispatchQueue) {
    self.queue = queue
    value = wrappedValue
  }

  public var wrappedValue: Value {
    get {
      dispatchPrecondition(condition: .onQueue(queue))
      return value
    }
    set {
      dispatchPrecondition(condition: .onQueue(queue))
      value = newValue
    }
  }
}
