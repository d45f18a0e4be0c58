import BikeShare
import Foundation

/// What every operation of this era has in common: the rider it belongs to,
/// the successor it hands on, and how it reads the steps it depends on.
///
/// Swift 6 note: Foundation declares `Operation` `@unchecked Sendable` (an
/// operation is created on one thread and run on another), and every
/// subclass must restate that promise. The compiler checks nothing behind
/// it, so the steps keep the promise by hand: their inputs are `let`s, and
/// whatever they learn while running is stored behind a lock (`Locked`:
/// `Mutex`'s API over a `pthread_mutex_t`, which ThreadSanitizer sees; the
/// era used an `NSLock` or a private serial queue for the same job).
class Step: Operation, @unchecked Sendable {
  /// The rider whose journey this step belongs to.
  let rider: Int
  /// The successor and the tests' hooks, behind one lock (a lock a step,
  /// not two: each is an allocation, and a visit makes several steps).
  private let links = Locked(Links())

  /// A class, not a tuple: a closure kept in a generic container (the
  /// lock's buffer) is wrapped in a reabstraction thunk, an allocation,
  /// each time it goes in or out; a class's own property holds it as it is.
  /// (In a profile of `bench-floor` the thunks alone took 4 % of the time.)
  private final class Links {
    var successor: (@Sendable () -> Void)?
    var handingOn: (@Sendable () -> Void)?
    var hooks = Hooks()
  }

  /// Tests watch steps through these.
  struct Hooks: Sendable {
    /// A step begins its work (not called for a step that was called off).
    var started: (@Sendable (Step) -> Void)?
    var released: (@Sendable () -> Void)?
  }

  /// A station step that is its visit's first: the rider's request reaches
  /// the station as it begins (the report's overtaking count, chapter 10).
  private let arrival: (@Sendable () -> Void)?

  /// What the step does ("leg", "take at"), and where (a station's name).
  private let action: String
  private let place: String?

  init(
    rider: Int, doing action: String, at place: String? = nil,
    arrival: (@Sendable () -> Void)? = nil
  ) {
    self.rider = rider
    self.action = action
    self.place = place
    self.arrival = arrival
    super.init()
  }

  /// "rider 3: take at Rossio", made when read, not for every step up
  /// front: most are never read, and a name longer than 15 bytes is an
  /// allocation. One given by hand wins.
  override var name: String? {
    get {
      super.name
        ?? (rider < 0 ? action : "rider \(rider + 1): \(action)")
        + (place.map { " \($0)" } ?? "")
    }
    set { super.name = newValue }
  }

  deinit { links.withLock { $0.hooks.released }?() }

  /// What a station step does as it begins, if it carries the request.
  static func arrival(of request: RequestStamp?, at station: Station) -> (@Sendable () -> Void)? {
    guard let request else { return nil }
    return { station.reached(request) }
  }

  func watch(_ hooks: Hooks) { links.withLock { $0.hooks = hooks } }

  /// As the step goes into a queue: the tests' hooks, and what it calls
  /// as it hands on (its queue's in-flight count), under one lock.
  func queued(watchedBy hooks: Hooks, handingOn call: @escaping @Sendable () -> Void) {
    links.withLock { links in
      links.hooks = hooks
      links.handingOn = call
    }
  }

  /// What to enqueue once this step has finished. A journey's steps are
  /// linked with `addDependency` when they are planned, but each is handed
  /// to its queue only by the step before it: a queue full of operations
  /// that cannot run yet gets slow (on Linux, swift-corelibs-foundation's
  /// `_schedule()` walks the waiting operations on every add and finish).
  /// The idiom of the time queued the whole graph at once and let the
  /// dependencies hold it back; handing on is a choice made for Linux.
  ///
  /// It also means a step is queued only once what it depends on has
  /// finished. That matters for cancellation: a cancelled operation ignores
  /// its own unfinished dependencies (corelibs' `cancel()` zeroes their
  /// count; Apple documents the same for macOS 10.6 and later), so in a
  /// graph queued up front a cancelled step could run before its predecessor.
  func then(_ handOn: @escaping @Sendable () -> Void) {
    links.withLock { $0.successor = handOn }
  }

  /// Runs the step (or skips `main()` if it was cancelled), then hands on its
  /// successor, cancelled or not, so that every planned step finishes.
  override func start() {
    super.start()
    handOn()
  }

  func handOn() {
    // `take()`: the step lets go of its successor (which depends on it, so
    // keeping it would be a retain cycle).
    let (successor, handingOn) = links.withLock { ($0.successor.take(), $0.handingOn.take()) }
    handingOn?()
    successor?()
  }

  /// Call first in `main()`. False if the step was cancelled or depends on a
  /// cancelled step; in that case it cancels itself too, so cancellation
  /// flows down the chain (a dependent of a cancelled operation still runs).
  func begin() -> Bool {
    if !isCancelled, dependencies.contains(where: \.isCancelled) { cancel() }
    guard !isCancelled else { return false }
    links.withLock { $0.hooks.started }?(self)
    arrival?()
    return true
  }

  /// The first dependency of the given type: how a step reads the result of
  /// the step before it.
  /// It ties a step to the graph's shape; passing the result explicitly (a
  /// shared result object, or an adapter `BlockOperation`) is sturdier.
  func dependency<T: Step>(_ type: T.Type) -> T? {
    dependencies.lazy.compactMap { $0 as? T }.first
  }
}
