import Synchronization

/// Overtaking on the real runtime (chapter 10): a rider's request to a
/// station gets the station's next number when the rider sends it (`send()`,
/// before any hop: in `Journey.pickStation()` unless the era sends later),
/// and is counted once, where it first reaches the station's protection
/// (`StationAudit.reached(_:)`): a station serves first come, first served
/// only if every request reaches it after all those numbered before it.
///
/// One per journey, used again for each of its visits.
public final class RequestStamp: Sendable {
  /// The request the current task (or, outside a task, the current thread)
  /// is sending. Each era binds it where its rider sends, its own way: around
  /// a task's or a thread's whole ride, or around the call that hops.
  @TaskLocal public static var current: RequestStamp?

  /// The run's stations' audits, which number the requests sent to them.
  private let audits: [StationAudit]
  /// The station of the visit under way.
  private let station = Atomic<Int>(-1)
  /// The number of the request on its way; -1 before it is sent and once it
  /// has reached.
  private let number = Atomic<Int>(-1)

  public init(audits: [StationAudit]) { self.audits = audits }

  /// The journey has picked its next station.
  func aim(at station: Int) {
    number.store(-1, ordering: .relaxed)
    self.station.store(station, ordering: .relaxed)
  }

  /// The rider sends the request now: it takes the station's next number.
  public func send() {
    let station = station.load(ordering: .relaxed)
    guard audits.indices.contains(station) else { return }
    number.store(audits[station].number(), ordering: .releasing)
  }

  /// The request's number, the first time only: later calls of the same
  /// visit (a racy rider's act after its check) are not new arrivals.
  func reached() -> Int? {
    // A plain read first, so a visit's later reads (a method that reads
    // the counters twice, a racy rider's act) cost no exchange.
    guard number.load(ordering: .acquiring) >= 0 else { return nil }
    let stamp = number.exchange(-1, ordering: .acquiringAndReleasing)
    return stamp < 0 ? nil : stamp
  }
}

/// A station's requests in the order they reached it: how many, how many
/// reached it after a request sent later (overtaken), and by how many places
/// at most (the newest number that had reached it, less the request's own).
public struct Overtaking: Sendable, Equatable {
  public var requests = 0
  public var overtaken = 0
  public var largest = 0

  public init(requests: Int = 0, overtaken: Int = 0, largest: Int = 0) {
    self.requests = requests
    self.overtaken = overtaken
    self.largest = largest
  }

  /// Every station's, together: largest is the largest of any.
  public static func + (lhs: Overtaking, rhs: Overtaking) -> Overtaking {
    Overtaking(
      requests: lhs.requests + rhs.requests, overtaken: lhs.overtaken + rhs.overtaken,
      largest: max(lhs.largest, rhs.largest))
  }
}
