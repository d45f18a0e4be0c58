import BikeShare
import Dispatch
import Foundation

/// `bikes-futures hazards`: the ways blocking futures stop, or grow.
extension FuturesEra {
  static let hazards = [poolStarvation, threadExplosion, waiterGivesUp, waitOnThePool]

  static let poolWidth = 4

  /// Journeys on a pool of 4 threads block in `wait()` for legs that need
  /// the same pool: every thread waits, and no leg ever runs.
  static let poolStarvation = Hazard(
    name: "pool-starvation",
    what: "journeys on a \(poolWidth)-thread pool wait() for legs queued on that same pool",
    rule: "never block a pool's thread on work that needs the pool: continue with whenFinished",
    cases: [
      HazardCase(
        "8 journeys wait() for their legs", expect: .noProgress,
        .blocking { watch in
          let pool = Pool(threads: poolWidth, watch: watch)
          let done = ride(8, on: pool, blocking: true, watch: watch)
          return HazardFinish("\(done) journeys ended", showed: false)
        }),
      HazardCase(
        "fix: the same, whenFinished", expect: .finish,
        .blocking { watch in
          let pool = Pool(threads: poolWidth, watch: watch)
          let done = ride(8, on: pool, blocking: false, watch: watch)
          return HazardFinish("\(done) journeys ended")
        }),
    ])

  /// `count` journeys of 3 legs on `pool`: each leg a future on the pool.
  /// Returns how many journeys ended.
  private static func ride(_ count: Int, on pool: Pool, blocking: Bool, watch: HazardWatch) -> Int {
    let journeys = (0..<count).map { _ in
      Future<Void, Never>.byHand { journey in
        pool.run {
          if blocking {
            for _ in 0..<3 {
              let leg = pool.future { watch.progress() }
              pool.blocked(+1)
              leg.wait()  // the bug: a pool thread waits for work queued behind it
              pool.blocked(-1)
            }
            journey.finish(())
          } else {
            legs(3, on: pool, watch: watch) { journey.finish(()) }
          }
        }
      }
    }
    // Every journey is queued before a thread starts, so every leg is queued
    // behind all of them: the starvation does not depend on how fast this
    // thread queued the journeys while the pool's threads took them.
    pool.start()
    for journey in journeys { journey.wait() }
    return journeys.count
  }

  /// `count` legs one after another, none waiting: each leg's end starts the next.
  private static func legs(
    _ count: Int, on pool: Pool, watch: HazardWatch, then: @escaping @Sendable () -> Void
  ) {
    guard count > 0 else { return then() }
    pool.future { watch.progress() }.whenFinished { _ in
      legs(count - 1, on: pool, watch: watch, then: then)
    }
  }

  static let explosion = [200, 1_000]

  /// A thread per blocking future: the threads grow with the riders.
  static let threadExplosion = Hazard(
    name: "thread-explosion",
    what: "a thread per journey, each asleep in wait(): threads grow with the riders",
    rule: "a blocking wait costs a thread: bound the pool, and never block its threads",
    cases: explosion.map { riders in
      HazardCase(
        "\(riders.grouped) riders, a thread each", expect: .finish, leg: .milliseconds(200),
        .blocking { watch in
          let (_, peak) = ThreadCount.peak {
            // One leg for all, 200 ms from when the last journey has started:
            // on a loaded machine the first threads would otherwise end
            // before the last begin, and the count would not show the growth.
            let leg = Future<Void, Never>.byHand { _ in }
            let started = Locked(0)
            let journeys = (0..<riders).map { _ in
              Future<Void, Never>.onNewThread {
                // A journey under way is progress: the watchdog's bound is
                // for a pause, not for starting a thousand threads on a
                // loaded machine (a test suite's).
                watch.progress()
                let last = started.withLock { count in
                  count += 1
                  return count == riders
                }
                if last {
                  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
                    leg.finish(.success(()))
                  }
                }
                leg.wait()
                watch.progress()
              }
            }
            for journey in journeys { journey.wait() }
          }
          return threads(peak, riders: riders, atLeast: riders)
        })
    } + [
      HazardCase(
        "fix: \(explosion.last!.grouped) riders, \(poolWidth) threads, whenFinished",
        expect: .finish, leg: .milliseconds(200),
        .blocking { watch in
          let riders = explosion.last!
          let (_, peak) = ThreadCount.peak {
            let pool = Pool(threads: poolWidth, watch: watch)
            pool.start()
            let all = DispatchGroup()
            for _ in 0..<riders {
              all.enter()
              pool.run {
                Future<Void, any Error>.after(.milliseconds(200)).whenFinished { _ in
                  watch.progress()
                  all.leave()
                }
              }
            }
            all.wait()
          }
          return threads(peak, riders: riders, atMost: 64)
        })
    ])

  /// What a count of threads says, and whether it is what the case shows.
  private static func threads(_ peak: Int?, riders: Int, atLeast: Int = 0, atMost: Int = .max)
    -> HazardFinish
  {
    guard let peak else {
      return HazardFinish("\(riders.grouped) riders; this platform does not count threads")
    }
    return HazardFinish(
      "\(peak.grouped) threads for \(riders.grouped) riders",
      showed: peak >= atLeast && peak <= atMost)
  }
}

/// A pool of a fixed number of threads running blocks in order: what an
/// executor of the era looked like once someone bounded it.
final class Pool: Sendable {
  private let queue = Locked<[@Sendable () -> Void]>([])
  private let ready = DispatchSemaphore(value: 0)
  private let width: Int
  private let waiting = Locked(0)

  init(threads: Int, watch: HazardWatch) {
    width = threads
    watch.watch { [queue, waiting, width] in
      let blocked = waiting.withLock { $0 }
      let queued = queue.withLock { $0.count }
      guard blocked > 0 else { return [] }
      return [
        "\(blocked) of the pool's \(width) threads are blocked in wait();"
          + (queued == 1 ? " 1 block is" : " \(queued) blocks are")
          + " queued behind them, never run"
      ]
    }
  }

  /// Starts the pool's threads; blocks run in the order `run` queued them.
  func start() {
    for _ in 0..<width {
      Thread { [queue, ready] in
        while true {
          ready.wait()
          let block = queue.withLock { $0.removeFirst() }
          block()
        }
      }.start()
    }
  }

  func run(_ block: @escaping @Sendable () -> Void) {
    queue.withLock { $0.append(block) }
    ready.signal()
  }

  /// A future whose work runs on the pool.
  func future(_ work: @escaping @Sendable () -> Void) -> Future<Void, Never> {
    Future.byHand { future in
      run {
        work()
        future.finish(())
      }
    }
  }

  /// One more (or one fewer) of the pool's threads blocked in `wait()`.
  func blocked(_ change: Int) { waiting.withLock { $0 += change } }
}

extension FuturesEra {
  /// The fix must hold whenever the rider gives up: before the work looks,
  /// and after it has taken the bike, before it answers.
  static let waiterGivesUp = Hazard(
    .waiterGivesUp,
    .atEveryMoment(
      [GiveUpMoment.beforeTheWorkLooks, .afterTheTake], fixed: Self.bothMoments, giveUp))

  private static func bothMoments(_ details: [String]) -> String {
    details[0] == details[1]
      ? details[0] + ", whether it gave up before the take or after"
      : details[0] + "; after the take: " + details[1]
  }

  /// When the rider gives up in `waiter-gives-up`.
  enum GiveUpMoment: Sendable {
    /// While Rossio's work is held, before it takes anything.
    case beforeTheWorkLooks
    /// After the work has taken the bike, before it answers.
    case afterTheTake
  }

  /// Rossio's work starts; the rider's 20 ms deadline calls it off at
  /// `moment` (the order is forced). Broken: the work takes the bike and
  /// answers into a future nobody waits for. Fixed: the work looks once, at
  /// its own answer: `finish` says whether the answer was taken, and if the
  /// rider has gone, the work, left holding the bike, gives it back.
  static func giveUp(fixed: Bool, moment: GiveUpMoment, watch: HazardWatch) -> HazardFinish {
    let bikes = Locked(1)
    let (started, gaveUp, done) = (
      DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
    )
    let request = Future<Bool, any Error>.byHand { request in
      Future<Bool, any Error>.defaultQueue.async {
        defer { done.signal() }
        if moment == .beforeTheWorkLooks {
          started.signal()
          gaveUp.wait()  // Rossio is busy with someone else until the rider has gone
        }
        let took = bikes.withLock { free in
          guard free > 0 else { return false }
          free -= 1
          return true
        }
        if moment == .afterTheTake {
          started.signal()
          gaveUp.wait()  // the bike is taken; the rider gives up before the answer
        }
        let answered = request.finish(took)
        if fixed, took, !answered { bikes.withLock { $0 += 1 } }
      }
    }
    started.wait()
    Future.after(.milliseconds(20)).whenFinished { _ in request.cancel() }
    watch.waiting("rider", "the rider waits for Rossio's future, 20 ms at most")
    let got = (try? request.wait()) ?? false
    gaveUp.signal()
    done.wait()
    watch.progress()
    let left = bikes.withLock { $0 }
    // Short: the liveness table prints it in a column.
    return HazardFinish(
      (got ? "got a bike" : "gave up") + "; the work "
        + (left == 1 ? "gave the bike back" : got ? "answered" : "took the bike anyway"),
      showed: fixed ? left == 1 && !got : left == 0 && !got)
  }
}
