// What: the operations era's step, an `Operation` subclass that does not
// restate the `@unchecked Sendable` it inherits.
// Caught by: Sendable checking of a subclass of an unchecked class (SE-0302); a warning.
// Verdict: warning: class 'Step' must restate inherited '@unchecked Sendable' conformance
import Foundation

class Step: Operation {
  var answered = false
}
