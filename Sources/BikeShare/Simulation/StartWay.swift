/// One way an era's idiom starts two pieces of work one after the other
/// (`bikes-<era> starts`): the code, what the documents say about their
/// order, and the code itself, run pair after pair.
public struct StartWay: Sendable {
  /// What the two pieces of work are told to call, each as its first line.
  public typealias Work = @Sendable () -> Void

  /// The row's name: "one serial queue".
  public let name: String
  /// The code, as a reader would write it: `queue.async { first() }; queue.async { second() }`.
  public let code: String
  /// Where a document promises that the second begins only after the first
  /// has ended, quoted with its source; nil when nothing promises it.
  public let promise: String?
  /// Otherwise what the documents (or the forum's answers) say instead,
  /// quoted with its source.
  public let noPromise: String?
  /// Starts `first`, then `second`, the row's way. It may return before
  /// either has run.
  public let start: Start

  public typealias Start =
    @Sendable (_ first: @escaping Work, _ second: @escaping Work) async
    -> Void

  /// A way whose order a document (or this code) promises: `promise` quotes it.
  public init(_ name: String, code: String, promise: String, _ start: @escaping Start) {
    self.init(name, code, promise, nil, start)
  }

  /// A way whose order nothing promises: `noPromise` quotes what is said instead.
  public init(_ name: String, code: String, noPromise: String, _ start: @escaping Start) {
    self.init(name, code, nil, noPromise, start)
  }

  private init(
    _ name: String, _ code: String, _ promise: String?, _ noPromise: String?,
    _ start: @escaping Start
  ) {
    self.name = name
    self.code = code
    self.promise = promise
    self.noPromise = noPromise
    self.start = start
  }

  /// Promised, incidental or not ordered.
  public enum Verdict: String, Sendable {
    /// A document promises it (quoted).
    case promised
    /// Seen in order every time here, promised nowhere.
    case incidental
    /// Seen out of order here.
    case notOrdered = "not ordered"
  }

  /// The verdict, given how often the second began first.
  public func verdict(secondFirst: Int) -> Verdict {
    if promise != nil { return .promised }
    return secondFirst == 0 ? .incidental : .notOrdered
  }
}
