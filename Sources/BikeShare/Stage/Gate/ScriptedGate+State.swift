import Dispatch

/// The gate's bookkeeping: who is parked where, who holds what, the
/// schedule's place, and the choices made (`ScriptedGate.swift` is its
/// public face).
extension ScriptedGate {
  struct State {
    var schedule: [Step]
    let riders: Set<Int>
    let continues: Bool
    /// Live (`play`): after the schedule, wait for `extend(_:)`.
    let waits: Bool
    let holding: Holding
    /// The stage's stations by index, for the account of a deadlock.
    let stations: [String]
    /// Set when the gate stops to wait: who could go on (empty: all done).
    var waiting: [Step]?
    /// Live: the gate has told its player where it waits, and no step has
    /// been added since. A late word that changes nothing (the app's `sent`
    /// after its request has parked at Rossio) must not tell it twice: the
    /// player would take the second telling as the next stop.
    var told = false
    var next = 0
    var trace: [Decision] = []
    var previous: Int?
    var parked: [Int: Parked] = [:]
    var finished: Set<Int> = []
    /// The stations each van holds, as the gate let it take them.
    var holds: [Int: [Int]] = [:]
    /// The order story: the riders whose request the app has sent, in order.
    var asked: [Int] = []
    /// The order story: riders let go from `ask` whose request the app has
    /// not yet handed to the era (`sent`): the app is still running for them.
    var sending: Set<Int> = []
    /// The order story: riders whose request has reached Rossio (let go from `take`).
    var arrived: Set<Int> = []
    /// The wait story: riders asleep in the line, whom only a dock wakes.
    var asleep: Set<Int> = []
    /// Read at each choice into `Decision.mark`.
    let mark: (@Sendable () -> Int)?
    /// Every state the run has been in at a choice (`.tries`), with the
    /// number of choices made before it.
    var seen: [String: Int] = [:]
    var isOpen = false
    /// Set when the gate gave up on the run: every rider that parks now is
    /// told to let go and leave.
    var givesUp = false
    var failure: String?
    var stuck: Stuck?

    /// Parks a rider (or lets it straight through if the gate is open) and
    /// returns the waiters to wake.
    mutating func park(_ stop: ProbeStop, _ waiter: Waiter) -> Wakes {
      if givesUp { return [(waiter, false)] }
      if isOpen { return [(waiter, true)] }
      parked[stop.rider] = Parked(point: stop.point, station: stop.station, waiter: waiter)
      // Safe order: a request that reaches Rossio before one asked before
      // it has got past the era's tool for order.
      if holding == .servedInOrder, stop.point == .take, failure == nil,
        let ahead = askedBefore(stop.rider).first(where: { !arrived.contains($0) })
      {
        failure =
          "\(Schedule.name(stop.rider))'s request reached Rossio before \(Schedule.name(ahead))'s:"
          + " nothing kept the requests in order"
      }
      return advance()
    }

    mutating func note(_ rider: Int, _ note: ProbeNote) -> Wakes {
      switch note {
      case .sent: sending.remove(rider)
      case .asleep: asleep.insert(rider)
      case .woken: asleep.remove(rider)
      }
      return advance()
    }

    mutating func finish(_ rider: Int) -> Wakes {
      finished.insert(rider)
      holds[rider] = nil
      return advance()
    }

    /// Whether a parked rider can go on without waiting for a station
    /// another holds.
    func canGo(_ rider: Int, _ at: Parked) -> Bool {
      switch (holding, at.point) {
      case (.asksInOrder, .ask), (.servedInOrder, .ask): askedBefore(rider).count == before(rider)
      case (.servedInOrder, .take): askedBefore(rider).allSatisfy(arrived.contains)
      case (.asksInOrder, _), (.servedInOrder, _): true
      case (.none, _), (_, .raceWindow), (.tries, .hold): true
      case (.waits, _), (.tries, _): heldBy(at.station, other: rider) == nil
      }
    }

    /// The order story: how many riders come before `rider` (the app asks
    /// in the riders' order), and which of them it has asked for.
    func before(_ rider: Int) -> Int { riders.count { $0 < rider } }
    func askedBefore(_ rider: Int) -> [Int] { Array(asked.prefix { $0 != rider }) }

    /// The order story, safe: requests sent that wait inside the era's
    /// ordering tool behind one that has not reached Rossio (no probe can
    /// park them).
    var inLine: [Int] {
      guard holding == .servedInOrder else { return [] }
      return asked.filter { rider in
        parked[rider] == nil && !finished.contains(rider) && !sending.contains(rider)
          && !askedBefore(rider).allSatisfy(arrived.contains)
      }
    }

    /// The order story: riders the app has not come to yet. The app's code
    /// is one sequence that parks at each rider's `ask` in turn, so a rider
    /// whose earlier rider has not asked waits for the app, not for the gate.
    var toBeAsked: [Int] {
      guard holding == .asksInOrder || holding == .servedInOrder else { return [] }
      return riders.sorted().filter { rider in
        parked[rider] == nil && !finished.contains(rider) && !asked.contains(rider)
          && askedBefore(rider).count < before(rider)
      }
    }

    /// Why a rider cannot go on now (`at`: where it is parked; nil: in line,
    /// or not asked yet).
    func whyWaits(_ rider: Int, _ at: Parked?) -> String {
      if holding == .asksInOrder || holding == .servedInOrder {
        let earlier = riders.filter { $0 < rider }.sorted()
        if at?.point == .ask || (at == nil && !asked.contains(rider)) {
          let last = earlier.filter { !asked.contains($0) }.first ?? earlier.last ?? rider
          return "asks after \(Schedule.name(last)) has asked"
        }
        let ahead = askedBefore(rider).filter { !arrived.contains($0) }.first ?? rider
        return "waits in line behind \(Schedule.name(ahead))'s request"
      }
      let station = at?.station ?? 0
      let holder = heldBy(station, other: rider).map(Schedule.name) ?? "another van"
      return "waits for \(name(station)), which \(holder) holds"
    }

    /// Where a rider the schedule names is, when it is not parked where
    /// the step says: "it has finished", "it sleeps in the line".
    func whereIs(_ rider: Int) -> String {
      if finished.contains(rider) { return "it has finished" }
      if let at = parked[rider] { return "it is at \(Schedule([Step(rider, at.point)]))" }
      if asleep.contains(rider) { return "it sleeps in the line" }
      if inLine.contains(rider) || toBeAsked.contains(rider) {
        return "\(Schedule.name(rider)) \(whyWaits(rider, nil))"
      }
      return "it never arrived"
    }

    func heldBy(_ station: Int, other rider: Int) -> Int? {
      holds.first { $0.key != rider && $0.value.contains(station) }?.key
    }

    private mutating func advance() -> Wakes {
      guard !isOpen else { return [] }
      if givesUp {
        // A live gate tells its player once the last van has left.
        if waits, riders.subtracting(finished).isEmpty { tell([]) }
        return []
      }
      let stillRunning = riders.subtracting(finished).subtracting(parked.keys)
        .subtracting(inLine).subtracting(toBeAsked).subtracting(asleep)
      guard stillRunning.isEmpty else { return [] }
      guard !parked.isEmpty else {
        if waits { tell([]) }
        // The first account stands: a sleeper called off later has finished.
        if next < schedule.count, failure == nil {
          let step = schedule[next]
          failure = "step \(next + 1) expects \(step), but \(whereIs(step.rider))"
        }
        return []
      }
      let enabled = parked.keys.sorted().filter { canGo($0, parked[$0]!) }.map {
        Step($0, parked[$0]!.point)
      }
      if enabled.isEmpty {
        stuck = .deadlock(waitsFor)
        if next < schedule.count {
          failure = "step \(next + 1) expects \(schedule[next]), but the vans are deadlocked"
        }
        return giveUp()
      }
      if holding == .tries {
        let now = snapshot
        // A schedule given may go round as often as it likes; after it, a
        // state seen before is a livelock.
        if next >= schedule.count, let first = seen[now] {
          // The same round, whichever step it was entered at, is one livelock.
          let round = trace[first...].map(\.chosen.description)
          let start = round.indices.min {
            Array(round[$0...] + round[..<$0]).lexicographicallyPrecedes(
              round[$1...] + round[..<$1])
          }!
          stuck = .livelock((round[start...] + round[..<start]).joined(separator: " "))
          return giveUp()
        }
        seen[now] = trace.count
      }
      let step: Step
      if next < schedule.count {
        step = schedule[next]
      } else if continues {
        step = enabled.first { $0.rider == previous } ?? enabled[0]
      } else if waits {
        tell(enabled)
        return []
      } else {
        return open()
      }
      guard let held = parked[step.rider], held.point == step.point else {
        failure = "step \(next + 1) expects \(step), but \(whereIs(step.rider))"
        return open()
      }
      guard enabled.contains(step) else {
        failure =
          "step \(next + 1) expects \(step), but \(Schedule.name(step.rider))"
          + " \(whyWaits(step.rider, held))"
        return open()
      }
      var decision = Decision(enabled: enabled, chosen: step, previous: previous)
      decision.mark = mark?() ?? 0
      previous = step.rider
      parked[step.rider] = nil
      next += 1
      take(held, by: step.rider)
      decision.holds = holds
      trace.append(decision)
      return [(held.waiter, true)]
    }

    /// What the van let through now holds.
    private mutating func take(_ at: Parked, by rider: Int) {
      if at.point == .take { arrived.insert(rider) }
      if at.point == .ask {
        asked.append(rider)
        if holding == .servedInOrder { sending.insert(rider) }
      }
      switch (holding, at.point) {
      case (.none, _), (_, .raceWindow), (_, .ride), (_, .cancel), (_, .ask), (_, .take): break
      case (_, .look), (_, .wait), (_, .dock): break
      case (.asksInOrder, _), (.servedInOrder, _): break
      case (.waits, _), (.tries, .arrive): holds[rider, default: []].append(at.station)
      case (.tries, .hold):
        // It tries: with the station free it holds both (and moves, and
        // leaves); with it held, it lets go of its first and comes back.
        if heldBy(at.station, other: rider) == nil {
          holds[rider, default: []].append(at.station)
        } else {
          holds[rider] = nil
        }
      }
    }

    /// Live: one more step, played if the riders are ready for it.
    mutating func extend(_ step: Step) -> Wakes {
      schedule.append(step)
      waiting = nil
      told = false
      return advance()
    }

    /// Live: stops to wait, telling the player who could go on, once a step.
    private mutating func tell(_ enabled: [Step]) {
      guard !told else { return }
      told = true
      waiting = enabled
    }

    /// Lets every rider go unscripted; on a stage where vans hold stations,
    /// gives up on them instead, so that none goes into a real wait.
    mutating func open() -> Wakes {
      guard holding != .waits, holding != .tries else { return giveUp() }
      isOpen = true
      defer { parked = [:] }
      return parked.values.map { ($0.waiter, true) }
    }

    /// Tells every parked rider, and every one that parks from now on, to
    /// let go of what it holds and leave.
    mutating func giveUp() -> Wakes {
      givesUp = true
      defer { parked = [:] }
      return parked.values.map { ($0.waiter, false) }
    }
  }
}
