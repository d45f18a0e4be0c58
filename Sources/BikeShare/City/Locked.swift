#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that only one thread at a time can reach: `Mutex`'s API
/// (`withLock`, values handed in and out as `sending`) over a
/// `pthread_mutex_t`. The project's own bookkeeping (results, counters, the
/// gate, the futures library, the operations' steps) uses it instead of
/// Synchronization's `Mutex` for one reason: ThreadSanitizer sees it.
///
/// On Linux with Swift 6.3, a contended `Mutex` takes its lock inside
/// `libswiftSynchronization.so`, which is not instrumented, so TSan never
/// sees the acquire and reports the accesses inside `withLock` as a race
/// that is not there (chapter 03's going-further page, `Scripts/tsan.sh`).
/// TSan intercepts `pthread_mutex_lock` wherever it is called from, so
/// with this lock it sees every acquire and release, and a report in
/// `Scripts/tsan.sh` means a real data race. `Mutex` stays where it is the
/// lesson (`bikes-dispatch --lock mutex`).
///
/// Like `Mutex` (`extension Mutex: @unchecked Sendable`), the type vouches
/// for itself at this one place: the lock is what makes the shared state
/// safe, which the compiler cannot see. Every caller is still checked: a
/// value goes in and comes out `sending`, so nothing non-`Sendable` that a
/// caller keeps can reach the inside. In a debug build, taking the lock
/// again on the thread that holds it stops the program with a message (as
/// `Mutex` does on Linux) instead of hanging.
public struct Locked<Value>: @unchecked Sendable {
  // Inlinable, as `Mutex` is: specialised in each caller's module, a lock
  // costs a call to `pthread_mutex_lock` and no generic dispatch.
  @usableFromInline let storage: Storage

  @inlinable
  public init(_ value: sending Value) {
    storage = Storage.make(value)
  }

  /// Runs `body` with the value while holding the lock.
  @inlinable
  public func withLock<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try withExtendedLifetime(storage) { () throws(E) -> sending Result in
      let (value, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
      let locked = pthread_mutex_lock(mutex)
      precondition(locked == 0, "Locked: pthread_mutex_lock failed (\(locked)); a recursive lock?")
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }

  /// The value and its mutex in one allocation; the mutex never moves.
  @usableFromInline
  final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
    @inlinable
    static func make(_ value: sending Value) -> Storage {
      let buffer = create(minimumCapacity: 1) { _ in value }
      buffer.withUnsafeMutablePointerToElements { mutex in
        #if DEBUG
          // An error-checking mutex: a recursive lock fails instead of hanging.
          var attributes = pthread_mutexattr_t()
          pthread_mutexattr_init(&attributes)
          pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
          _ = pthread_mutex_init(mutex, &attributes)
          pthread_mutexattr_destroy(&attributes)
        #else
          // A plain mutex: setting the attribute made each new lock about
          // 50 ns dearer (measured here), and a visit of the operations era
          // makes several; debug builds keep the check.
          _ = pthread_mutex_init(mutex, nil)
        #endif
      }
      return unsafeDowncast(buffer, to: Storage.self)
    }

    @inlinable
    deinit {
      _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
  }
}
