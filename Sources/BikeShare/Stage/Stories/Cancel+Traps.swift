import Foundation

/// The cancel story on the real runtime: each era's own traps of calling
/// off (`bikes-<era> hazards`), taken from what the era's idiom really
/// does, broken then fixed. Their words are here, one table for the five
/// eras; the code that shows each is its era's (`.code` in `Hazard(_:_:)`).
public enum CallOffTrap: Sendable, CaseIterable {
  /// Callbacks: a deadline is a call-off sent by a timer, and the timer and
  /// the station's answer race for one completion.
  case deadlineAndAnswer
  /// Operations: `Operation.cancel()` is a flag; a take already running goes
  /// on, and a cancelled operation's dependents still run: the step left
  /// holding the bike must give it back.
  case cancelWhileTaking
  /// Dispatch: `Thread.cancel()` sets `isCancelled`; a thread blocked in a
  /// wait cannot read it.
  case blockedPastCallOff
  /// Futures: a waiter that gives up wakes at once, but work already
  /// running goes on, and its answer falls into a finished future.
  case waiterGivesUp
  /// Actors: cancelling a task reaches its children, and `Task {}` is
  /// nobody's child.
  case unstructuredErrand
  /// Actors: a deadline raced in a task group cannot return before the
  /// child that ignores cancellation does.
  case deadlineInAGroup

  struct Words {
    let name, what, rule, broken: String
    let expect: HazardCase.Expect
    let fix: String
    var notes: [String] = []
  }

  var words: Words {
    switch self {
    case .deadlineAndAnswer:
      Words(
        name: "deadline-and-answer",
        what: "a 20 ms deadline and Rossio's late answer both resume the rider's continuation",
        rule: "the first of the timer and the answer wins; the loser gives back what it took",
        broken: "the timer, then the answer", expect: .trap,
        fix: "the first wins, the bike goes back",
        notes: [
          "CheckedContinuation traps on a second resume (its message, above); a plain completion",
          "handler called twice says nothing, and the rider hears both \"too late\" and \"here is a",
          "bike\". Either way the late answer took a bike for a rider who has gone.",
        ])
    case .cancelWhileTaking:
      Words(
        name: "cancel-while-taking",
        what: "the app cancel()s a rider's take while it runs; the ride depends on the take",
        rule:
          "look once and act on what you saw: the ride acts on what the take did, and whoever"
          + " is left holding the bike gives it back, in a last step no call-off cancels",
        broken: "cancel() while the take runs", expect: .finish,
        fix: "the ride acts on what the take did")
    case .blockedPastCallOff:
      Words(
        name: "blocked-past-call-off",
        what: "a rider's thread waits in semaphore.wait() for a bike; the app calls cancel() on it",
        rule:
          "a thread that can be called off waits with a timeout and reads isCancelled after every"
          + " wait, one that got the bike too",
        broken: "wait() for a bike, then cancel()", expect: .noProgress,
        fix: "wait(timeout:), read isCancelled")
    case .waiterGivesUp:
      Words(
        name: "waiter-gives-up",
        what: "a rider gives up on Rossio's future after 20 ms; Rossio's work has already started",
        rule:
          "the work looks once, at its own answer: if the rider has gone, the work, left"
          + " holding the bike, gives it back",
        broken: "give up, the work goes on", expect: .finish,
        fix: "an answer nobody takes gives the bike back")
    case .unstructuredErrand:
      Words(
        name: "unstructured-errand",
        what: "a rider of a crew fetches a bike in Task { }; the app cancels the crew",
        rule:
          "work that is a rider's is its child (async let, a task group), never Task { } unless"
          + " you pass the cancellation on by hand (withTaskCancellationHandler)",
        broken: "the errand in Task { }", expect: .finish, fix: "the errand as async let",
        notes: [
          "Apple's Task documentation: \"A task runs regardless of whether you keep a reference to",
          "it\"; cancelling a task cancels its children, and Task { } is nobody's child.",
        ])
    case .deadlineInAGroup:
      Words(
        name: "deadline-in-a-group",
        what: "a ride and a 50 ms deadline race in a task group; the ride never checks for"
          + " cancellation",
        rule: "a deadline only asks: the work it races must check for cancellation",
        broken: "the ride ignores cancellation", expect: .noProgress,
        fix: "the ride checks at each step",
        notes: [
          "A task group returns only once every child has: the deadline cancelled the ride at 50",
          "ms, and the group waits for it. SE-0526's withDeadline \"cancels the operation when the",
          "deadline expires, but waits for the operation to return\" too. It is not in Swift 6.3.1",
          "(here: CompilerVerdicts/with-deadline.swift, \"cannot find 'withDeadline' in scope\").",
        ])
    }
  }
}

extension Hazard {
  /// One of the cancel story's traps, shown by `code`: broken, then fixed.
  public init(_ trap: CallOffTrap, _ code: HazardCase.Fixable) {
    let words = trap.words
    self.init(
      name: words.name, what: words.what, rule: words.rule, broken: words.broken,
      expect: words.expect, fix: words.fix, code, notes: words.notes)
  }
}
