import BikeShare

/// What the explorer must count in every era: the same schedules exist in
/// each, so an era whose counts differ has a bug.
public enum Explorations {
  public struct Count: Sendable, CustomStringConvertible {
    public let story: Story
    public let riders: Int
    public let maxSwitches: Int?
    public let schedules: Int
    public let forbidden: Int
    public var description: String {
      "\(story) story, \(riders) riders" + (maxSwitches.map { ", at most \($0) switches" } ?? "")
    }
  }

  /// A racy (or reentrant, or unsynchronized) stage: each rider arrives,
  /// checks, and, if it saw room, waits in the window before it acts.
  public static let racy: [Count] = Story.oneStation.flatMap { story in
    [
      Count(story: story, riders: 2, maxSwitches: nil, schedules: 6, forbidden: 4),
      Count(story: story, riders: 3, maxSwitches: nil, schedules: 66, forbidden: 60),
      Count(story: story, riders: 3, maxSwitches: 0, schedules: 6, forbidden: 0),
      Count(story: story, riders: 3, maxSwitches: 1, schedules: 18, forbidden: 12),
    ]
  }

  /// A safe stage: only the order of arrival can vary.
  public static let safe: [Count] = Story.oneStation.flatMap { story in
    [
      Count(story: story, riders: 2, maxSwitches: nil, schedules: 2, forbidden: 0),
      Count(story: story, riders: 3, maxSwitches: nil, schedules: 6, forbidden: 0),
    ]
  }

  public static func explore<E: Era>(
    _ era: E.Type, _ mode: Mode, _ count: Count, configuration: Configuration = Configuration()
  ) async -> Explorer.Exploration {
    var options = StageOptions()
    options.story = count.story
    options.riders = count.riders
    options.maxSwitches = count.maxSwitches
    options.configuration = configuration
    return await Explorer.explore(E.self, mode: mode, options: options)
  }

  /// Plays a schedule once, as `replay --schedule` does.
  public static func replay<E: Era>(
    _ era: E.Type, _ mode: Mode, _ schedule: Schedule, story: Story, riders: Int,
    configuration: Configuration = Configuration()
  ) async -> StageRun {
    var options = StageOptions()
    options.story = story
    options.riders = riders
    options.schedule = schedule
    options.configuration = configuration
    return await Replay.play(E.self, mode: mode, options: options)
  }
}
