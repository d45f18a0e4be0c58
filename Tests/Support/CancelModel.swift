import BikeShare

/// An independent model of the cancel story (`--story cancel`): riders on
/// foot at Rossio (1 free bike, no empty slot), Chiado with a slot for each,
/// and X, whose one step calls off rider A. A search over every order of
/// the participants' steps, with the story's rules written out again here
/// (DESIGN.md, "Cancellation"); it shares no code with the eras or the
/// explorer, so an era whose counts differ from it has a bug, or the model does.
public enum CancelModel {
  public typealias Counts = StoryCounts

  enum At: Hashable {
    /// Parked before it looks at its call-off and asks for the bike.
    case arrive
    /// Parked holding the bike, at the end of its leg.
    case ride
    case done
  }

  struct State: Hashable {
    var riders: [At]
    /// X has not yet called A off.
    var xParked = true
    var calledOff = false
    var rossio = 1
    var chiado = 0
    /// Riders that stopped holding the bike.
    var stranded = 0
    /// Riders that docked at Chiado.
    var rode = 0
  }

  struct Ending: Hashable {
    let rossio: Int
    let chiado: Int
    let stranded: Int
    let rode: Int
  }

  /// Every schedule of `riders` riders and X in `mode` (racy or safe).
  public static func explore(_ mode: Mode, riders: Int) -> Counts {
    var counts = Counts()
    var endings: Set<Ending> = []
    func walk(_ state: State) {
      let parked = state.riders.indices.filter { state.riders[$0] != .done }
      if parked.isEmpty && !state.xParked {
        counts.schedules += 1
        if state.stranded > 0 { counts.forbidden += 1 }
        endings.insert(
          Ending(
            rossio: state.rossio, chiado: state.chiado, stranded: state.stranded,
            rode: state.rode))
        return
      }
      if state.xParked {
        var next = state
        next.xParked = false
        next.calledOff = true
        walk(next)
      }
      for rider in parked {
        var next = state
        let isCalledOff = rider == 0 && state.calledOff
        switch state.riders[rider] {
        case .arrive:
          if isCalledOff {
            next.riders[rider] = .done
          } else if next.rossio > 0 {
            next.rossio -= 1
            next.riders[rider] = .ride
          } else {
            next.riders[rider] = .done
          }
        case .ride:
          next.riders[rider] = .done
          if !isCalledOff {
            next.chiado += 1
            next.rode += 1
          } else if mode == .safe {
            next.rossio += 1
          } else {
            next.stranded += 1
          }
        case .done: continue
        }
        walk(next)
      }
    }
    walk(State(riders: Array(repeating: .arrive, count: riders)))
    counts.outcomes = endings.count
    return counts
  }
}
