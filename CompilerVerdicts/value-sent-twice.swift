// What: one non-Sendable value handed to a task, then to another.
// Caught by: region-based isolation (SE-0414, SE-0430): once sent, its region
// belongs to the task.
// Verdict: error: sending 'counts' risks causing data races
final class Counts {
  var freeBikes = 1
}

func take(_ counts: sending Counts) {}

func ride() {
  let counts = Counts()
  take(counts)
  take(counts)
}
