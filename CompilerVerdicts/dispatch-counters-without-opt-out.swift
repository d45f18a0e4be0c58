// What: the dispatch era's unsynchronized counters, a `var` in a class that
// says it is `Sendable`, with no lock and no opt-out.
// Caught by: Sendable checking of a class's stored properties (SE-0302).
// Verdict: error: stored property 'current' of 'Sendable'-conforming class 'UnsynchronizedCounters' is mutable
final class UnsynchronizedCounters: Sendable {
  var current = 3

  func removeBike() { current -= 1 }
}
