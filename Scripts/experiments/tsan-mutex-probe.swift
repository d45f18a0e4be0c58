// Is a contended `Mutex` still a ThreadSanitizer false positive on this
// toolchain? Four threads each add 1 to a dictionary entry 5,000 times,
// every add inside `withLock`. The total is always exactly 20,000 (the lock
// works); with Swift 6.3.1 on Linux TSan still reports "Swift access race"
// inside `withLock`, because a contended acquire happens in the
// uninstrumented `libswiftSynchronization.so`. `Scripts/tsan.sh` compiles
// this with `-sanitize=thread`, counts the reports, and says whether the
// suppression for `bikes-dispatch --lock mutex` is still needed.
// With the argument `nslock`, the same with `NSLock`: the control.
import Foundation
import Synchronization

// The control's state, guarded by `lock` by hand: TSan checks that it is.
final class Guarded: @unchecked Sendable {  // deliberately unchecked: the lock is the point
  let lock = NSLock()
  var counts: [Int: Int] = [:]
}

@main
struct TSanMutexProbe {
  static func main() {
    let threads = 4
    let adds = 5_000
    let useNSLock = CommandLine.arguments.dropFirst().first == "nslock"
    let mutex = Mutex<[Int: Int]>([:])
    let guarded = Guarded()
    let done = DispatchGroup()
    for _ in 0..<threads {
      done.enter()
      Thread.detachNewThread {
        for _ in 0..<adds {
          if useNSLock {
            guarded.lock.withLock { guarded.counts[0, default: 0] += 1 }
          } else {
            mutex.withLock { $0[0, default: 0] += 1 }
          }
        }
        done.leave()
      }
    }
    done.wait()
    let total =
      useNSLock ? guarded.lock.withLock { guarded.counts[0] ?? 0 } : mutex.withLock { $0[0] ?? 0 }
    print("total \(total) of \(threads * adds)")
  }
}
