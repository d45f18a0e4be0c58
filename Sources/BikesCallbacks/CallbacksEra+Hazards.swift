import BikeShare
import Dispatch
import Foundation

/// `bikes-callbacks hazards`: the way callbacks stop.
extension CallbacksEra {
  static let hazards = [forgottenCompletion]

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
