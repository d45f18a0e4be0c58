import Foundation

extension Era {
  /// The era executable's entry point (`@main`): the shared command line.
  /// Synchronous, so that the standard streams are checked before the
  /// concurrency runtime opens its first file descriptor.
  public static func main() {
    Console.claimStandardStreams()
    Runner.endWithItsRunner()
    Task { exit(await EraCommand.run(Self.self)) }
    dispatchMain()
  }
}
