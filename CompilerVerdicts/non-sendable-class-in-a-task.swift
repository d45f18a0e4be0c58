// What: a class with a `var`, used by a new task and by the code that made it.
// Caught by: region-based isolation (SE-0414, SE-0430 `sending`).
// Verdict: error: sending value of non-Sendable type '() async -> ()' risks causing data races
final class Counts {
  var freeBikes = 1
}

func ride() async {
  let counts = Counts()
  Task { counts.freeBikes -= 1 }
  counts.freeBikes -= 1
}
