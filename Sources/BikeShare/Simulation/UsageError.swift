/// A mistake on the command line: one line for stderr, exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
