// What: the seed's one-liner: check an actor's counter with one call, act
// with another. Each call is safe; the pair is not (chapter 05, bug 1).
// Caught by: nothing: no data race, a race condition.
// Verdict: compiles
actor Station {
  var freeBikes = 1
  func removeBike() { freeBikes -= 1 }
}

func rent(_ station: Station) async {
  if await station.freeBikes > 0 {
    await station.removeBike()
  }
}
