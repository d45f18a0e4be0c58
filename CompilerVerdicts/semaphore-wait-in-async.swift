// What: `DispatchSemaphore.wait()` inside an `async` function: the wait that
// starves the cooperative pool (`bikes-actors hazards blocking-in-task`).
// Caught by: nothing on Linux: corelibs-libdispatch does not mark it `noasync`.
// Verdict: compiles
import Dispatch

func meet(_ semaphore: DispatchSemaphore) async {
  semaphore.wait()
}
