import BikeShare
import Dispatch
import Foundation

/// `bikes-callbacks hazards`: the way callbacks stop.
extension CallbacksEra {
  static let hazards = [forgottenCompletion, deadlineAndAnswer, calledTwice]

  static let riders = 20

  /// One path of `rentBike` returns without calling its completion: whoever
  /// waits for that call waits for ever, and nothing says so.
  static let forgottenCompletion = Hazard(
    name: "forgotten-completion",
    what: "rentBike's path with no bike returns without calling its completion",
    rule: "every path calls its completion exactly once (guard … else { return completion(…) })",
    cases: [
      HazardCase(
        "early return, \(riders) riders, 3 bikes", expect: .noProgress,
        .blocking { watch in
          let heard = rent(ForgetfulStation(forgets: true), watch: watch)
          return HazardFinish("\(heard) riders heard back", showed: false)
        }),
      HazardCase(
        "the same, bridged: withCheckedContinuation", expect: .noProgress,
        .async { watch in
          let station = ForgetfulStation(forgets: true)
          let heard = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<riders {
              group.addTask { await station.rentBike() }
            }
            var heard = 0
            for await _ in group {
              heard += 1
              watch.progress()
              watch.waiting("tasks", "\(riders - heard) tasks suspended in rentBike()")
            }
            return heard
          }
          return HazardFinish("\(heard) tasks resumed", showed: false)
        }),
      HazardCase(
        "fix: every path calls back", expect: .finish,
        .blocking { watch in
          let heard = rent(ForgetfulStation(forgets: false), watch: watch)
          return HazardFinish("all \(heard) riders heard back: 3 rode, the rest turned away")
        }),
    ],
    notes: [
      "With withCheckedContinuation the runtime sees the completion go away uncalled and says so on",
      "standard error (above); the task still waits for ever. A plain callback says nothing.",
    ])

  /// Every rider asks for a bike and waits to hear back; returns how many did.
  private static func rent(_ station: ForgetfulStation, watch: HazardWatch) -> Int {
    let everyone = DispatchGroup()
    let heard = Locked(0)
    watch.waiting("riders", "\(riders) riders wait for rentBike's completion")
    for _ in 0..<riders {
      everyone.enter()
      station.rentBike(on: .global()) { _ in
        let count = heard.withLock {
          $0 += 1
          return $0
        }
        watch.progress()
        watch.waiting("riders", "\(riders - count) riders wait for rentBike's completion")
        everyone.leave()
      }
    }
    everyone.wait()
    return heard.withLock { $0 }
  }
}

extension CallbacksEra {
  /// The fix must hold whichever comes first: the deadline (the hazard's
  /// own order), or Rossio's answer, the deadline firing after it.
  static let deadlineAndAnswer = Hazard(
    .deadlineAndAnswer,
    .atEveryMoment([DeadlineMoment.deadlineFirst, .answerFirst], rent))

  /// Which of the two reaches the rider's continuation first: the timer
  /// (the hazard's own order), or Rossio's answer.
  enum DeadlineMoment: Sendable { case deadlineFirst, answerFirst }

  /// The rider's request, with a 20 ms deadline. Whichever of the two comes
  /// second waits for the first (`DispatchSemaphore`s): the order is forced,
  /// not timed.
  static func rent(firstWins: Bool, moment: DeadlineMoment, watch: HazardWatch) async
    -> HazardFinish
  {
    let rossio = LateStation()
    let (rossioGoes, timerGoes) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let timerDone = DispatchGroup()
    let answered = Locked(false)
    // The fix: the first of the two to get here answers; the other does not.
    let first: @Sendable () -> Bool = {
      guard firstWins else { return true }
      return answered.withLock { done in
        defer { done = true }
        return !done
      }
    }
    watch.waiting("rider", "the rider waits for Rossio's answer or its 20 ms deadline")
    let got = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      rossio.rentBike(after: rossioGoes) { bike in
        defer { timerGoes.signal() }
        // The rider has gone: the bike goes back before Rossio's block ends.
        guard first() else { return bike ? rossio.giveBackHere() : () }
        continuation.resume(returning: bike)
      }
      timerDone.enter()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        if moment == .answerFirst { timerGoes.wait() }
        if first() { continuation.resume(returning: false) }
        rossioGoes.signal()
        timerDone.leave()
      }
      if moment == .answerFirst { rossioGoes.signal() }
    }
    await withCheckedContinuation { done in timerDone.notify(queue: .global()) { done.resume() } }
    let left = await rossio.bikes()  // after Rossio's answer: its queue is serial
    watch.progress()
    let what = moment == .deadlineFirst ? "the deadline first" : "the answer first"
    return HazardFinish(
      "\(what): the rider \(got ? "got a bike" : "timed out"), Rossio has \(left) of 1",
      showed: moment == .deadlineFirst ? !got && left == 1 : got && left == 0)
  }
}

/// Rossio with one bike, answering only once it is let go, on its own queue.
///
/// Swift 6 opt-out: `freeBikes` is only touched on `queue`, which the
/// compiler cannot see.
private final class LateStation: @unchecked Sendable {
  private let queue = DispatchQueue(label: "Rossio")
  private var freeBikes = 1

  /// Waits for `gate`, then takes the bike if there is one and calls back
  /// on the station's queue.
  func rentBike(after gate: DispatchSemaphore, completion: @escaping @Sendable (Bool) -> Void) {
    queue.async {
      gate.wait()
      let bike = self.freeBikes > 0
      if bike { self.freeBikes -= 1 }
      completion(bike)
    }
  }

  /// From a completion, on the station's queue.
  func giveBackHere() {
    dispatchPrecondition(condition: .onQueue(queue))
    freeBikes += 1
  }

  func bikes() async -> Int {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: self.freeBikes) }
    }
  }
}

/// A station with 3 bikes whose `rentBike` may forget to answer.
///
/// Swift 6 opt-out: `freeBikes` is only touched on `queue`, which the
/// compiler cannot see.
private final class ForgetfulStation: @unchecked Sendable {
  private let queue = DispatchQueue(label: "Rossio")
  private var freeBikes = 3
  private let forgets: Bool

  init(forgets: Bool) { self.forgets = forgets }

  /// Takes a bike if there is one; `completion` says whether it did.
  func rentBike(on reply: DispatchQueue, completion: @escaping @Sendable (Bool) -> Void) {
    queue.async {
      guard self.freeBikes > 0 else {
        if self.forgets { return }  // the bug: this path never calls back
        return reply.async { completion(false) }
      }
      self.freeBikes -= 1
      reply.async { completion(true) }
    }
  }

  /// The same, for async callers: the bridge chapter 05 builds.
  func rentBike() async -> Bool {
    await withCheckedContinuation { continuation in
      rentBike(on: .global()) { continuation.resume(returning: $0) }
    }
  }
}
