/// What an independent model of a story counts over every schedule, and
/// what the eras' explorer is checked against: schedules, forbidden ones,
/// and distinct endings (`CancelModel`, `OrderModel`).
public struct StoryCounts: Equatable, CustomStringConvertible, Sendable {
  public var schedules = 0
  public var forbidden = 0
  /// Distinct endings, as the story files them.
  public var outcomes = 0

  public init(schedules: Int, forbidden: Int, outcomes: Int) {
    self.schedules = schedules
    self.forbidden = forbidden
    self.outcomes = outcomes
  }

  init() {}

  public var description: String {
    "\(schedules) schedules, \(forbidden) forbidden, \(outcomes) outcomes"
  }
}
