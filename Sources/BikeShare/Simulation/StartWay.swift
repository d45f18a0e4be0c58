/// One way an era's idiom starts two pieces of work one after the other
/// (`bikes-<era> starts`): the code, what the documents say about their
/// order, and the code itself, run pair after pair.
public struct StartWay: Sendable {
  /// What the two pieces of work are told to call, each as its first line.
  public typealias Work = @Sendable () -> Void

  public typealias Start =
    @Sendable (_ first: @escaping Work, _ second: @escaping Work) async
    -> Void

  /// What the sources say of the order, whatever a run sees.
  public enum Verdict: String, Sendable {
    /// A document (or this code) promises that the second begins only
    /// after the first has ended.
    case promised
    /// Nothing promises it, but the way works so today that the second
    /// has not been seen first (a stable accident, not a contract).
    case incidental
    /// The documents say there is no order.
    case notOrdered = "not ordered"
  }

  /// The row's name: "one serial queue".
  public let name: String
  /// The code, as a reader would write it: `queue.async { first() }; queue.async { second() }`.
  public let code: String
  public let verdict: Verdict
  /// What the verdict rests on: a quote with its source.
  public let source: String
  /// The order story's mode that sends its requests this way, if one does
  /// (`racy`: the era's everyday way; `safe`: its tool for order).
  public let story: Mode?
  /// Starts `first`, then `second`, the row's way. It may return before
  /// either has run.
  public let start: Start

  public init(
    _ name: String, code: String, _ verdict: Verdict, source: String, story: Mode? = nil,
    _ start: @escaping Start
  ) {
    self.name = name
    self.code = code
    self.verdict = verdict
    self.source = source
    self.story = story
    self.start = start
  }

  /// What a run of `pairs` pairs, `secondFirst` of them out of order, adds
  /// to the verdict: nothing when it agrees.
  public func remark(secondFirst: Int) -> String? {
    switch (verdict, secondFirst) {
    case (.promised, 1...): "← BROKEN: a promise seen broken"
    case (.incidental, 1...): "← seen out of order: not even incidental here"
    case (.notOrdered, 0): "(none this run: rare, not absent)"
    default: nil
    }
  }
}
