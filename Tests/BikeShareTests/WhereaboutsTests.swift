import BikeShare
import Testing

/// The watchdog's registry: who holds what, who waits for what, and where.
struct WhereaboutsTests {
  let names = ["Rossio", "Chiado", "Baixa"]

  @Test func aCycleOfVansIsNamedFromItsLowestVan() {
    let whereabouts = Whereabouts(riders: 0, vans: 4, stations: 3)
    whereabouts.holds(van: 3, station: 1)
    whereabouts.holds(van: 1, station: 0)
    whereabouts.waits(van: 3, for: 0)
    whereabouts.waits(van: 1, for: 1)
    whereabouts.waits(van: 0, for: 1)  // waits outside the cycle
    #expect(
      whereabouts.waiting(stationNames: names) == [
        "deadlock: van 2 holds Rossio and waits for Chiado; van 4 holds Chiado and waits for Rossio",
        "van 1 waits for Chiado, which van 4 holds",
      ])
  }

  @Test func vansWaitingForAHeldStationAreNoCycle() {
    let whereabouts = Whereabouts(riders: 0, vans: 3, stations: 2)
    whereabouts.holds(van: 0, station: 0)
    whereabouts.waits(van: 1, for: 0)
    whereabouts.waits(van: 2, for: 0)
    #expect(whereabouts.cycle() == nil)
    #expect(
      whereabouts.waiting(stationNames: names) == ["vans 2, 3 wait for Rossio, which van 1 holds"])
  }

  @Test func aVanThatLetGoHoldsNothing() {
    let whereabouts = Whereabouts(riders: 0, vans: 2, stations: 2)
    whereabouts.holds(van: 0, station: 0)
    whereabouts.holds(van: 1, station: 1)
    whereabouts.waits(van: 0, for: 1)
    whereabouts.letGo(van: 1, station: 1)
    whereabouts.waits(van: 1, for: 0)
    #expect(whereabouts.cycle() == nil)
  }

  @Test func ridersAreGroupedByStationAndCall() {
    let whereabouts = Whereabouts(riders: 4, vans: 0, stations: 2)
    whereabouts.arrive(rider: 0, station: 0, wanting: .bike)
    whereabouts.arrive(rider: 1, station: 0, wanting: .bike)
    whereabouts.arrive(rider: 2, station: 1, wanting: .emptySlot)
    whereabouts.arrive(rider: 3, station: 1, wanting: .bike)
    whereabouts.leave(rider: 3)
    #expect(
      whereabouts.waiting(stationNames: names) == [
        "2 riders waiting at Rossio's takeBike", "1 rider waiting at Chiado's leaveBike",
      ])
  }
}
