// What: the operations era's step, an `Operation` subclass that does not
// restate the `@unchecked Sendable` it inherits.
// Caught by: a compiler rule on subclasses of an unchecked class (no SE); a warning.
// Verdict: warning: class 'Step' must restate inherited '@unchecked Sendable' conformance
import Foundation

class Step: Operation {
  var answered = false
}
