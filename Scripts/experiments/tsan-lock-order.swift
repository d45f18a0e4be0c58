// Two `NSLock`s (a `pthread_mutex_t` each on Linux) taken in both orders by
// one thread, one after the other: no hang, but a potential deadlock, the
// shape of a transfer that locks its source and then its destination.
// ThreadSanitizer's deadlock detector reports such a cycle as
// "lock-order-inversion (potential deadlock)" where it works (GCC's libtsan
// does for `lock-order.c`, the same program in C). `Scripts/tsan.sh`
// compiles this with `-sanitize=thread` and says whether this toolchain's
// TSan reports it.
import Foundation

@main
struct TSanLockOrderProbe {
  static func main() {
    let rossio = NSLock()
    let chiado = NSLock()
    rossio.lock()
    chiado.lock()
    chiado.unlock()
    rossio.unlock()

    chiado.lock()
    rossio.lock()
    rossio.unlock()
    chiado.unlock()
    print("both orders taken, no hang")
  }
}
