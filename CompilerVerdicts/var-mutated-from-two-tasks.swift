// What: one local `var`, added to by two child tasks at once.
// Caught by: region-based isolation: a closure that captures a `var` is not
// Sendable, and `addTask` takes its closure `sending` (SE-0414, SE-0430).
// Verdict: error: passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure
// Verdict: error: passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure
func count() async {
  var visits = 0
  await withTaskGroup(of: Void.self) { group in
    group.addTask { visits += 1 }
    group.addTask { visits += 1 }
  }
  print(visits)
}
