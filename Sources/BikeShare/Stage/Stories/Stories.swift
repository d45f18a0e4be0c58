/// The catalogue of stories: the one place that lists them (adding a story
/// is a file in this folder and a line here; `README.md` says the rest).
extension Story {
  /// Every story, in `--help` order; the first is the default.
  public static let allCases: [Story] = [.slot, .bike, .transfer, .cancel, .order, .wait]

  /// The story a stage plays when `--story` is not given.
  public static var `default`: Story { allCases[0] }

  /// The stories whose plot is `P`'s (the one-station stories, say).
  public static func told<P: Plot>(as type: P.Type) -> [Story] {
    allCases.filter { $0.plot is P }
  }
}
