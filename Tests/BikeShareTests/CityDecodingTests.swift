import Foundation
import Testing

@testable import BikeShare

@Suite struct CityDecodingTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func decode(_ json: String) throws(CityError) -> City {
    try City.decode(cityBikesJSON: Data(json.utf8), source: "test")
  }

  static func station(_ fields: String) -> String {
    #"{"network": {"id": "n", "name": "N", "stations": [\#(fields)]}}"#
  }

  @Test func embeddedCityHasContentionInItsFirstFourStations() async throws {
    let city = try await CitySource.embedded.load()
    #expect(city.stations.count == 12)
    let firstFour = city.stations.prefix(4)
    #expect(firstFour.map(\.name) == ["Praça do Comércio", "Cais do Sodré", "Rossio", "Chiado"])
    // The default run has 50 riders: fewer bikes and fewer slots than riders.
    #expect(firstFour.reduce(0) { $0 + $1.freeBikes } == 14)
    #expect(firstFour.reduce(0) { $0 + $1.emptySlots } == 18)
    #expect(firstFour.first?.capacity == 8)
  }

  @Test func readsRealMilanoResponse() async throws {
    let path = Self.fixtures.appendingPathComponent("milano-bikemi-2021-03-04.json").path
    let city = try await CitySource.file(path).load()
    #expect(city.id == "bikemi")
    #expect(city.stations.count == 318)
    #expect(
      city.stations[0]
        == StationRecord(
          id: "b5262607c8a44db673b2f9acd3ddeede", name: "Duomo", freeBikes: 2, emptySlots: 28))
    #expect(city.stations[0].capacity == 30)
  }

  @Test func readsRealWienResponseWithStringsAndNullsInExtra() async throws {
    let path = Self.fixtures.appendingPathComponent("wien-citybike-2017-05-30.json").path
    let city = try await CitySource.file(path).load()
    #expect(city.name == "Citybike Wien")
    #expect(city.stations.count == 121)
    // Capacity is free + empty at load, not `extra.slots` (26 for this dock).
    #expect(city.stations[0].name == "Hoher Markt")
    #expect(city.stations[0].capacity == 26)
  }

  @Test func invalidJSONIsNamed() {
    #expect(throws: CityError.invalid(source: "test", reason: "is not valid JSON")) {
      try Self.decode("{ not json")
    }
  }

  @Test func missingNetworkIsNamed() {
    #expect(throws: CityError.invalid(source: "test", reason: "has no field network")) {
      try Self.decode(#"{"networks": []}"#)
    }
  }

  @Test func missingCountNamesItsPath() {
    let json = Self.station(#"{"id": "a", "name": "A", "free_bikes": 1}"#)
    #expect(
      throws: CityError.invalid(
        source: "test", reason: "has no field network.stations[0].empty_slots")
    ) { try Self.decode(json) }
  }

  @Test func countAsStringIsAWrongType() {
    let json = Self.station(#"{"id": "a", "name": "A", "free_bikes": "1", "empty_slots": 2}"#)
    #expect(
      throws: CityError.invalid(
        source: "test",
        reason: "has the wrong type at network.stations[0].free_bikes: expected a whole number")
    ) { try Self.decode(json) }
  }

  @Test func nullCountIsNamed() {
    let json = Self.station(#"{"id": "a", "name": "A", "free_bikes": 1, "empty_slots": null}"#)
    #expect(
      throws: CityError.invalid(
        source: "test", reason: "has null at network.stations[0].empty_slots, a value is needed")
    ) { try Self.decode(json) }
  }

  @Test func negativeCountIsRejected() {
    let json = Self.station(#"{"id": "a", "name": "A", "free_bikes": -2, "empty_slots": 2}"#)
    #expect(
      throws: CityError.invalid(
        source: "test", reason: "network.stations[0] ('A') has negative free_bikes (-2)")
    ) { try Self.decode(json) }
  }

  @Test func emptyStationListIsRejected() {
    #expect(
      throws: CityError.invalid(
        source: "test", reason: "has no stations (network.stations is empty)")
    ) { try Self.decode(Self.station("")) }
  }

  @Test func repeatedStationIdIsRejected() {
    let one = #"{"id": "a", "name": "A", "free_bikes": 1, "empty_slots": 2}"#
    #expect(
      throws: CityError.invalid(
        source: "test", reason: "network.stations[1] ('A') repeats the station id 'a'")
    ) { try Self.decode(Self.station(one + "," + one)) }
  }

  @Test func missingFileIsUnreadable() async {
    await #expect(
      throws: CityError.unreadable(source: "file '/no/such/city.json'", reason: "no such file")
    ) { try await CitySource.file("/no/such/city.json").load() }
  }

  @Test func directoryIsUnreadable() async {
    let path = Self.fixtures.path
    await #expect(
      throws: CityError.unreadable(source: "file '\(path)'", reason: "it is a directory")
    ) {
      try await CitySource.file(path).load()
    }
  }

  @Test func refusedConnectionIsARuntimeError() async {
    // Port 1 on the loopback interface: nothing listens, so the connection is refused at once.
    let source = CitySource.url(URL(string: "http://127.0.0.1:1/v2/networks/x")!, timeout: 5)
    await #expect {
      try await source.load()
    } throws: { error in
      guard case .unreadable(let source, _) = error as? CityError else { return false }
      return source == "URL http://127.0.0.1:1/v2/networks/x"
    }
  }

  @Test(arguments: [
    ("embedded", "embedded"),
    ("https://api.citybik.es/v2/networks/bikemi", "https://api.citybik.es/v2/networks/bikemi"),
    ("city.json", "city.json"),
  ])
  func cityOptionNamesASource(value: String, name: String) throws {
    #expect(try CitySource.parse(value).get().name == name)
  }

  @Test(arguments: ["ftp://example.com/city.json", "http://", ""])
  func cityOptionRejectsWhatIsNeitherFileNorHTTP(value: String) {
    #expect(throws: UsageError.self) { try CitySource.parse(value).get() }
  }
}
