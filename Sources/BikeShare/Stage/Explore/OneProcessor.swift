import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `explore` runs on one processor (Linux): the gate lets one participant
/// go at a time, so a second processor adds nothing but the cost of every
/// hand-off between them. A thread that wakes a thread on another
/// processor interrupts it; on the same processor the woken thread runs
/// when the waker parks. On two cores here that halved an explorer's wall
/// time in the blocking eras (MEASUREMENTS.md, "The wait story"). Elsewhere
/// (macOS has no affinity to set) it does nothing.
enum OneProcessor {
  #if os(Linux)
    /// A set of processors, as the kernel reads it (`cpu_set_t`, 1,024 bits).
    typealias Mask = [UInt64]
    /// The processors each thread of the process may run on, by thread id.
    typealias Affinity = [Int32: Mask]

    // glibc's functions, found at run time: Swift's Glibc module leaves
    // out what `_GNU_SOURCE` declares.
    private typealias GetCPU = @convention(c) () -> Int32
    private typealias AffinityCall = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
    private static func function<T>(_ name: String, as type: T.Type) -> T? {
      dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
    }
    private static var getCPU: GetCPU? { function("sched_getcpu", as: GetCPU.self) }
    private static var getAffinity: AffinityCall? {
      function("sched_getaffinity", as: AffinityCall.self)
    }
    private static var setAffinity: AffinityCall? {
      function("sched_setaffinity", as: AffinityCall.self)
    }

    /// Pins every thread of the process, and so every thread they start,
    /// to the processor the caller runs on. Returns what it replaced.
    @discardableResult
    static func pin() -> Affinity {
      guard let getCPU, let getAffinity, let setAffinity else { return [:] }
      let processor = Int(getCPU())
      guard processor >= 0, processor < 1024 else { return [:] }
      var one = Mask(repeating: 0, count: 16)
      one[processor / 64] = 1 << UInt64(processor % 64)
      var before: Affinity = [:]
      for thread in threads() {
        var was = Mask(repeating: 0, count: 16)
        guard was.withUnsafeMutableBytes({ getAffinity(thread, $0.count, $0.baseAddress!) }) == 0
        else { continue }
        if one.withUnsafeMutableBytes({ setAffinity(thread, $0.count, $0.baseAddress!) }) == 0 {
          before[thread] = was
        }
      }
      return before
    }

    /// Gives each thread back what `pin()` replaced, and a thread started
    /// since what the others had (the tests).
    static func restore(_ affinity: Affinity) {
      guard let setAffinity, let fallback = affinity.values.first else { return }
      for thread in threads() {
        var mask = affinity[thread] ?? fallback
        _ = mask.withUnsafeMutableBytes { setAffinity(thread, $0.count, $0.baseAddress!) }
      }
    }

    /// How many processors the calling thread may run on.
    static var processors: Int {
      guard let getAffinity else { return 0 }
      var mask = Mask(repeating: 0, count: 16)
      guard mask.withUnsafeMutableBytes({ getAffinity(0, $0.count, $0.baseAddress!) }) == 0 else {
        return 0
      }
      return mask.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    private static func threads() -> [Int32] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
      return names.compactMap { Int32($0) }
    }
  #else
    static func pin() {}
  #endif
}
