import BikeShare

extension StageOptions {
  /// A stage's options for `story` with `riders` riders (or vans), the
  /// rest as the command line's defaults: what every story's contract
  /// suite starts from.
  public static func story(_ story: Story, riders: Int) -> StageOptions {
    var options = StageOptions()
    options.story = story
    options.riders = riders
    return options
  }
}
