import BikeShare

extension Mode {
  /// `bikes-actors` only: the station's own method awaits between its check
  /// and its act. Declared with the era (see `EraInfo.actors`).
  static let reentrant = Mode(rawValue: "reentrant")
}

/// The city's payment service, an actor of its own. A station that charges a
/// rider awaits it, and an `await` inside an actor method is a suspension
/// point: the station runs other riders' calls until the payment is done.
actor Payments {
  private(set) var charges = 0
  /// Where a charge is shown (`replay`, `--log`): a rider who pays and then
  /// gets no bike is something the learner should see.
  let log: EventLog

  init(log: EventLog = .none) {
    self.log = log
  }

  /// Starts a rental (a bike taken) or ends one (a bike docked).
  /// - Parameter station: where the charge is shown in the log, or nil. The
  ///   reentrant mode shows it: the payment sits between its check and its
  ///   act. The reserving fix pays after its act, which its rider logs only
  ///   when the call returns, so a charge line would come before the take.
  func charge(rider: Int, at station: String? = nil) {
    charges += 1
    if let station { log.record(.charged(rider: rider, station: station)) }
  }
}

extension Station {
  // MARK: - Reentrant mode: an await between the check and the act
  //
  // One actor method, so it looks atomic. It is not: at `await payments` the
  // method is suspended and the station is free. Another rider's call runs
  // here, passes the same check, and both act on what they saw. This is
  // actor reentrancy (SE-0306): the bug is inside the actor.

  /// Checks for a free bike, charges the rider, then takes the bike.
  /// - Parameter window: the rider's race window, told what the check saw
  ///   (nil at window 0 without `--log`: nothing but the payment in between).
  func takeBike(
    charging payments: Payments, rider: Int, window: (@Sendable (Int) async -> Void)?
  ) async -> StationCounts? {
    let seen = freeBikes
    guard seen > 0 else { return nil }
    // RACE WINDOW, inside the actor: suspended here, the station runs other calls.
    await window?(seen)
    await payments.charge(rider: rider, at: record.name)
    return removeBike()
  }

  /// Checks for an empty slot, charges the rider, then docks the bike.
  /// - Parameter window: the rider's race window, told what the check saw
  ///   (nil at window 0 without `--log`: nothing but the payment in between).
  func leaveBike(
    charging payments: Payments, rider: Int, window: (@Sendable (Int) async -> Void)?
  ) async -> StationCounts? {
    let seen = emptySlots
    guard seen > 0 else { return nil }
    // RACE WINDOW, inside the actor: suspended here, the station runs other calls.
    await window?(seen)
    await payments.charge(rider: rider, at: record.name)
    return addBike()
  }

  // MARK: - The fix (`--mode safe --fix reserve`): change state, then await
  //
  // The bike is taken (or the slot filled) before the suspension, so a rider
  // who comes in meanwhile sees the new counts. Were charging able to fail,
  // the method would give the bike back (`addBike()`) afterwards.

  /// Takes a bike if there is one, then charges the rider.
  func takeBike(reservingBefore payments: Payments, rider: Int) async -> StationCounts? {
    guard let now = takeBike() else { return nil }
    await payments.charge(rider: rider)
    return now
  }

  /// Docks the bike if there is an empty slot, then charges the rider.
  func leaveBike(reservingBefore payments: Payments, rider: Int) async -> StationCounts? {
    guard let now = leaveBike() else { return nil }
    await payments.charge(rider: rider)
    return now
  }
}
