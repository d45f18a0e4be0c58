import BikeShare
import Testing

/// The contention tests' station: one dock in play, four riders at once.
/// Taking first: one bike and one slot, so takes contend. Leaving first: no
/// bike and one empty slot, each rider bringing a bike; a rider that docks
/// takes a bike back before the slot is free again, so only leaves contend,
/// and a split leave docks two bikes in one slot.
public struct OneDock: Sendable {
  public let first: Want

  public init(first: Want) { self.first = first }

  /// The move after `first` succeeds: the other one.
  public var then: Want { first == .bike ? .emptySlot : .bike }

  public var record: StationRecord {
    StationRecord(id: "s", name: "S", freeBikes: first == .bike ? 1 : 0, emptySlots: 1)
  }

  /// The audit's bounds. Taking first, the one bike is docked (1, 1) or
  /// ridden (0, 2); leaving first, the slot is empty (0, 1) or holds a bike
  /// (1, 0). The end counts alone would not catch a split check-and-act (a
  /// −1 undone by the next dock); these do.
  public var lowest: StationCounts {
    StationCounts(freeBikes: 0, emptySlots: first == .bike ? 1 : 0)
  }
  public var highest: StationCounts {
    StationCounts(freeBikes: 1, emptySlots: first == .bike ? 2 : 1)
  }

  /// The station's audit for a contention test, with the dock's record.
  public func audit() -> StationAudit { StationAudit(record) }

  /// A contention test's verdict: every bike moved was moved back (`end`),
  /// no counter left its range, and the audit's lowest and highest are the
  /// dock's own.
  public func expectHeld(
    end: StationCounts, audit: StationAudit, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(end == record.counts, sourceLocation: sourceLocation)
    #expect(audit.violations.isEmpty, "\(audit.violations)", sourceLocation: sourceLocation)
    #expect(audit.lowest == lowest, sourceLocation: sourceLocation)
    #expect(audit.highest == highest, sourceLocation: sourceLocation)
  }
}
