// What: an `await` between the check and the act inside the actor's own
// method: another call runs on the actor meanwhile (chapter 05, bug 2).
// Caught by: nothing: actors are reentrant (SE-0306).
// Verdict: compiles
actor Station {
  var freeBikes = 1

  func takeBike(paying charge: () async -> Void) async -> Bool {
    guard freeBikes > 0 else { return false }
    await charge()
    freeBikes -= 1
    return true
  }
}
