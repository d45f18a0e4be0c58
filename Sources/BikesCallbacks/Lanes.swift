import BikeShare
import Dispatch

/// Where riders' steps run: the era's idiom, a small fixed set of serial
/// queues that riders share (rider `i` on lane `i % count`), so that
/// 100,000 riders do not make 100,000 queues, each of which asks
/// libdispatch for a thread of its own whenever work arrives on it.
///
/// A probe that may hold a rider until another rider moves (the scripted
/// gate, a test's) is the exception: a held rider holds its lane, and a
/// rider waiting behind it on that lane could be the one that has to move.
/// Then every rider gets a queue of its own, as before.
struct Lanes: Sendable {
  /// Eight: up to eight riders each have a lane of their own, so the runs a
  /// learner makes with few riders (and their race windows) are as they were.
  static let count = 8

  private let shared: [DispatchQueue]?

  init(riders: Int, probe: BlockingRaceProbe) {
    shared =
      probe.mayWaitForOthers
      ? nil : (0..<min(riders, Self.count)).map { DispatchQueue(label: "riders.\($0 + 1)") }
  }

  /// The serial queue rider `index` runs on.
  func queue(for index: Int) -> DispatchQueue {
    guard let shared else { return DispatchQueue(label: "rider.\(index + 1)") }
    return shared[index % shared.count]
  }
}
