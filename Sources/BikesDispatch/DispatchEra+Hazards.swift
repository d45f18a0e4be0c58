import BikeShare
import Dispatch
import Foundation

/// `bikes-dispatch hazards`: the two ways threads, queues and locks stop.
extension DispatchEra {
  static let hazards = [syncOnOwnQueue, lockOrder, blockedPastCallOff, ifNotWhile]

  /// A station guarded by a serial queue calls `sync` on that queue from a
  /// block already running on it.
  static let syncOnOwnQueue = Hazard(
    name: "sync-on-own-queue",
    what: "queue.sync onto the serial queue the code is already running on",
    rule: "never sync onto the queue you are on: inside the queue, call the unguarded code",
    cases: [
      HazardCase(
        "rentBike syncs, then takeBike syncs again", expect: .trap,
        .blocking { watch in
          let station = QueueStation()
          watch.waiting("rider", "the rider is inside rentBike's queue.sync")
          let rented = station.rentBike(nested: true)
          return HazardFinish("rented: \(rented)", showed: false)
        }),
      HazardCase(
        "fix: one sync, unguarded inside", expect: .finish,
        .blocking { watch in
          let station = QueueStation()
          var rented = 0
          for _ in 0..<10 where station.rentBike(nested: false) {
            rented += 1
            watch.progress()
          }
          return HazardFinish("\(rented) bikes rented of 3, the rest turned away")
        }),
    ],
    notes: [
      "libdispatch traps when a thread syncs onto a queue that thread already holds, directly",
      "(A → A) or through others (A → B → A): __builtin_trap(), SIGILL on x86-64, SIGTRAP on",
      "arm64. On Linux its message (\"dispatch_sync called on queue already owned by current",
      "thread\", src/queue.c) is dropped. Swift's backtracer, on by default, would print a",
      "crash report whose top frame is __DISPATCH_WAIT_FOR_QUEUE__; hazards turns it off",
      "(SWIFT_BACKTRACE=enable=no) to keep this table short. A ring across two threads (one",
      "on A syncs onto B while one on B syncs onto A) is not detected: it hangs, and only a",
      "watchdog tells.",
    ])

  /// Vans take two stations' locks in opposite orders: the transfer's
  /// `nested` in a normal run of this era, then its `safe`.
  static let lockOrder = Hazard(
    name: "lock-order",
    what: "8 vans each lock one station, then the other, in either order",
    rule: "take two locks in one global order (here: by station id), or never hold two",
    cases: [
      .simulating(
        DispatchEra.self, "nested: its source's lock, then the other", expect: .noProgress,
        mode: .nested, city: .hazards, configure: vans),
      .simulating(
        DispatchEra.self, "fix: both locks in id order", expect: .finish, mode: .safe,
        city: .hazards, configure: vans),
    ])

  @Sendable private static func vans(_ configuration: inout Configuration) {
    configuration.riders = 2
    configuration.vans = 8
    configuration.stationCount = 2
    configuration.paths = 20
    configuration.legMilliseconds = 1
  }
}

/// A station whose counter a serial queue guards, as `--lock serial-queue` does.
///
/// Swift 6 opt-out: `freeBikes` is only read and written on `queue`, which
/// the compiler cannot see (`dispatchPrecondition` checks it at run time).
private final class QueueStation: @unchecked Sendable {
  private let queue = DispatchQueue(label: "Rossio")
  private var freeBikes = 3

  /// Checks and takes a bike in one `sync`. `nested`: the bike is taken by
  /// `takeBike`, which syncs onto the queue again, as if it were called from
  /// outside.
  func rentBike(nested: Bool) -> Bool {
    queue.sync {
      guard freeBikes > 0 else { return false }
      if nested { takeBike() } else { takeBikeOnQueue() }
      return true
    }
  }

  /// The public way in, from outside the queue.
  func takeBike() { queue.sync { takeBikeOnQueue() } }

  /// Only on the queue: a run of code that already holds it.
  private func takeBikeOnQueue() {
    dispatchPrecondition(condition: .onQueue(queue))
    freeBikes -= 1
  }
}

extension DispatchEra {
  /// The fix must hold whether a bike comes or not: with none, the rider
  /// reads `isCancelled` after a timed-out wait; with one docked after the
  /// call-off, the wait succeeds, and the rider, called off, gives it back.
  static let blockedPastCallOff = Hazard(
    .blockedPastCallOff,
    .atEveryMoment([BikeMoment.noneComes, .oneAfterTheCallOff], waitForABike))

  /// Whether a bike comes to Rossio in `blocked-past-call-off`: none (the
  /// hazard's own order), or one docked after the call-off.
  enum BikeMoment: Sendable { case noneComes, oneAfterTheCallOff }

  /// Rossio has no bike; the app cancels the rider's thread (and, at the
  /// second moment, a van then docks a bike).
  static func waitForABike(timed: Bool, moment: BikeMoment, watch: HazardWatch) -> HazardFinish {
    let bike = DispatchSemaphore(value: 0)
    let home = DispatchSemaphore(value: 0)
    let rode = Locked(false)
    let rider = Thread {
      var got = false
      if timed {
        repeat {
          got = bike.wait(timeout: .now() + .milliseconds(10)) == .success
        } while !got && !Thread.current.isCancelled
        // Called off with the bike in hand: it goes back to Rossio.
        if got, Thread.current.isCancelled {
          bike.signal()
          got = false
        }
      } else {
        bike.wait()
        got = true
      }
      rode.withLock { $0 = got }
      home.signal()
    }
    rider.start()
    rider.cancel()
    // Docked after cancel(): whenever the wait gets it, isCancelled is already true.
    if moment == .oneAfterTheCallOff { bike.signal() }
    watch.waiting(
      "rider",
      "rider A is blocked in DispatchSemaphore.wait() for a bike at Rossio; its thread was"
        + " cancelled, and it cannot read isCancelled")
    home.wait()
    watch.progress()
    let atRossio = bike.wait(timeout: .now()) == .success ? 1 : 0
    guard !rode.withLock({ $0 }) else {
      return HazardFinish("called off, A rode off on the bike", showed: false)
    }
    return HazardFinish(
      moment == .noneComes
        ? "A read isCancelled after a 10 ms wait and went home without a bike"
        : "a bike came after the call-off: A gave it back (\(atRossio) at Rossio) and went home",
      showed: atRossio == (moment == .noneComes ? 0 : 1))
  }
}
