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
}
