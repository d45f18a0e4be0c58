// The dispatch era's call-off: X would cancel rider A's thread with
// `Thread.cancel()`, but Foundation's `Thread` is not `Sendable`, so a
// closure run on X's thread cannot hold A's.
// Verdict: error: capture of 'rider' with non-Sendable type 'Thread' in a '@Sendable' closure

import Foundation

func callOff() {
  let rider = Thread { print(Thread.current.isCancelled) }
  let caller = Thread { rider.cancel() }
  rider.start()
  caller.start()
}
