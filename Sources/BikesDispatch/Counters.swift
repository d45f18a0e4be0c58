import BikeShare
import Dispatch
import Foundation
import Synchronization

/// A station's two counters behind some kind of lock: one locked read, one
/// locked write (racy mode uses them apart), and one locked check-and-act
/// (safe mode). `--lock` picks the implementation; all behave the same.
protocol Counters: Sendable {
  /// One protected read: free bikes or empty slots (racy mode's check).
  func available(_ want: Want) -> Int
  /// One protected write, whatever the counters say (racy mode's act).
  func move(_ want: Want) -> StationCounts
  /// Check and act under one lock: nil if there is no bike (or slot).
  func moveIfAvailable(_ want: Want) -> StationCounts?
  var counts: StationCounts { get }
}

extension Want {
  /// A bike taken leaves the station (−1); a bike left arrives (+1).
  var bikes: Int { self == .bike ? -1 : +1 }
}

extension StationCounts {
  func available(_ want: Want) -> Int { want == .bike ? freeBikes : emptySlots }
  func moved(_ want: Want) -> StationCounts {
    StationCounts(freeBikes: freeBikes + want.bikes, emptySlots: emptySlots - want.bikes)
  }
}

/// `--lock mutex` (the default): Synchronization's `Mutex`. The counters live
/// inside the lock, so there is no way to touch them without it, and the
/// compiler checks that this type is `Sendable`.
final class MutexCounters: Counters {
  private let state: Mutex<StationCounts>

  init(_ start: StationCounts) { state = Mutex(start) }

  func available(_ want: Want) -> Int { state.withLock { $0.available(want) } }

  func move(_ want: Want) -> StationCounts {
    state.withLock { counts in
      counts = counts.moved(want)
      return counts
    }
  }

  func moveIfAvailable(_ want: Want) -> StationCounts? {
    state.withLock { counts in
      guard counts.available(want) > 0 else { return nil }
      counts = counts.moved(want)
      return counts
    }
  }

  var counts: StationCounts { state.withLock { $0 } }
}

/// `--lock atomic`: no lock at all. Free bikes is one `Atomic` counter (empty
/// slots are capacity minus free bikes), and the safe move is a
/// compare-exchange loop: compute the new value from what you read, and
/// store it only if nobody changed the counter in between; else read again.
final class AtomicCounters: Counters {
  private let capacity: Int
  private let free: Atomic<Int>

  init(_ start: StationCounts) {
    capacity = start.freeBikes + start.emptySlots
    free = Atomic(start.freeBikes)
  }

  private func counts(free: Int) -> StationCounts {
    StationCounts(freeBikes: free, emptySlots: capacity - free)
  }

  func available(_ want: Want) -> Int {
    counts(free: free.load(ordering: .acquiring)).available(want)
  }

  func move(_ want: Want) -> StationCounts {
    counts(free: free.wrappingAdd(want.bikes, ordering: .acquiringAndReleasing).newValue)
  }

  func moveIfAvailable(_ want: Want) -> StationCounts? {
    var seen = free.load(ordering: .acquiring)
    while counts(free: seen).available(want) > 0 {
      let (stored, actual) = free.compareExchange(
        expected: seen, desired: seen + want.bikes, ordering: .acquiringAndReleasing)
      if stored { return counts(free: seen + want.bikes) }
      seen = actual  // somebody got there first: decide again on the new value
    }
    return nil
  }

  var counts: StationCounts { counts(free: free.load(ordering: .acquiring)) }
}

/// The classic locks: something that runs a closure while holding a lock.
/// Readers and writers are told apart so that `barrier` can let reads overlap.
protocol ClassicLock: Sendable {
  func reading<T>(_ body: () -> T) -> T
  func writing<T>(_ body: () -> T) -> T
}

/// `--lock nslock`: Foundation's `NSLock` (a pthread mutex).
struct NSLockLock: ClassicLock {
  private let lock = NSLock()
  func reading<T>(_ body: () -> T) -> T { lock.withLock(body) }
  func writing<T>(_ body: () -> T) -> T { lock.withLock(body) }
}

/// `--lock serial-queue`: a serial `DispatchQueue` and `sync`: one block at a time.
struct SerialQueueLock: ClassicLock {
  private let queue = DispatchQueue(label: "station")
  func reading<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
  func writing<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
}

/// `--lock barrier`: a concurrent queue. Reads run side by side with `sync`;
/// a write is a `.barrier` block, which waits for the reads before it and
/// runs alone.
struct BarrierLock: ClassicLock {
  private let queue = DispatchQueue(label: "station", attributes: .concurrent)
  func reading<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
  func writing<T>(_ body: () -> T) -> T { queue.sync(flags: .barrier, execute: body) }
}

/// The counters behind a classic lock.
///
/// Swift 6 opt-out: `free` and `empty` are plain `var`s, touched only inside
/// the lock's closures. No compiler can see which lock guards which
/// variable, so this type vouches for itself with `@unchecked Sendable`
/// (`Mutex` above needs no such promise: its state lives inside the lock).
final class LockedCounters<Lock: ClassicLock>: Counters, @unchecked Sendable {
  private let lock: Lock
  private var current: StationCounts

  init(_ start: StationCounts, lock: Lock) {
    self.lock = lock
    current = start
  }

  func available(_ want: Want) -> Int { lock.reading { current.available(want) } }

  func move(_ want: Want) -> StationCounts {
    lock.writing {
      current = current.moved(want)
      return current
    }
  }

  func moveIfAvailable(_ want: Want) -> StationCounts? {
    lock.writing {
      guard current.available(want) > 0 else { return nil }
      current = current.moved(want)
      return current
    }
  }

  var counts: StationCounts { lock.reading { current } }
}

/// `--mode unsynchronized`: no lock at all, a data race on purpose.
///
/// Swift 6 opt-out, and the lesson: plain `var`s read and written from many
/// threads at once. Without `@unchecked Sendable` the compiler refuses to
/// share this class between threads, and it is right to. A move reads both
/// counters, lets other threads run (`window`), then writes: whatever they
/// wrote in between is lost.
final class UnsynchronizedCounters: @unchecked Sendable {
  private var free: Int
  private var empty: Int

  init(_ start: StationCounts) {
    free = start.freeBikes
    empty = start.emptySlots
  }

  func available(_ want: Want) -> Int { want == .bike ? free : empty }

  func move(_ want: Want, window: () -> Void) -> StationCounts {
    let (seenFree, seenEmpty) = (free, empty)
    window()
    free = seenFree + want.bikes
    empty = seenEmpty - want.bikes
    return StationCounts(freeBikes: free, emptySlots: empty)
  }

  var counts: StationCounts { StationCounts(freeBikes: free, emptySlots: empty) }
}
