import BikeShare

/// What every era's replay must print, step by step: the contract that keeps
/// the eras' stories identical.
public enum ReplaySteps {
  public static let racy = [
    "A checks Rossio: empty slots 1",
    "B checks Rossio: empty slots 1",
    "B leaves a bike at Rossio: free 6, empty 0",
    "A leaves a bike at Rossio: free 7, empty -1  ← empty -1",
  ]

  public static let safe = [
    "A leaves a bike at Rossio: free 6, empty 0",
    "B is turned away at Rossio: no empty slot, rides on (waiting leg)",
  ]

  /// The take half (`--story bike`), the half the chapters quote.
  public static let racyTake = [
    "A checks Rossio: free bikes 1",
    "B checks Rossio: free bikes 1",
    "B takes a bike at Rossio: free 0, empty 6",
    "A takes a bike at Rossio: free -1, empty 7  ← free -1",
  ]

  /// The actors era's reentrant station: the racy steps, with the payment
  /// each rider awaits inside the station between its check and its act.
  public static let reentrant = [
    "A checks Rossio: empty slots 1",
    "B checks Rossio: empty slots 1",
    "B is charged at Rossio",
    "B leaves a bike at Rossio: free 6, empty 0",
    "A is charged at Rossio",
    "A leaves a bike at Rossio: free 7, empty -1  ← empty -1",
  ]

  /// The take half of the reentrant station.
  public static let reentrantTake = [
    "A checks Rossio: free bikes 1",
    "B checks Rossio: free bikes 1",
    "B is charged at Rossio",
    "B takes a bike at Rossio: free 0, empty 6",
    "A is charged at Rossio",
    "A takes a bike at Rossio: free -1, empty 7  ← free -1",
  ]

  /// `replay --story bike`, as the chapters run it.
  public static func takeHalf<E: Era>(_ era: E.Type, _ mode: Mode) async -> StageRun {
    var options = StageOptions()
    options.story = .bike
    return await Replay.play(E.self, mode: mode, options: options)
  }
}
