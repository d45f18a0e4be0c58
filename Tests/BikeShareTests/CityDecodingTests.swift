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

  @Test(arguments: [
    (
      #""id": "a", "name": "A", "free_bikes": 9223372036854775807, "empty_slots": 1"#,
      "has free_bikes 9223372036854775807, more than the 1000000 allowed"
    ),
    (
      #""id": "a", "name": "A", "free_bikes": 1, "empty_slots": 1000001"#,
      "has empty_slots 1000001, more than the 1000000 allowed"
    ),
  ])
  func countsThatCouldOverflowAreRefusedAtLoad(fields: String, reason: String) {
    #expect(
      throws: CityError.invalid(source: "test", reason: "network.stations[0] ('A') \(reason)")
    ) {
      try Self.decode(Self.station("{\(fields)}"))
    }
  }

  @Test(arguments: [
    (
      #"{"network": {"id": "n", "name": "N", "stations": [{"id": "a", "name": "A", "free_bikes": 2.5, "empty_slots": 1}]}}"#,
      "has network.stations[0].free_bikes 2.5, not a whole number"
    ),
    (
      #"{"network": {"id": "n", "name": "N", "stations": [{"id": "a", "name": "A", "free_bikes": 99999999999999999999, "empty_slots": 1}]}}"#,
      "has network.stations[0].free_bikes 99999999999999999999, too large for a count"
    ),
    (
      String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
      "nests 600 levels deep, more than the JSON parser accepts"
    ),
    ("null", "has null at the top level, a value is needed"),
    ("[]", "has the wrong type at the top level: expected an object"),
    ("{\"network\": ", "is not valid JSON"),
  ])
  func validJSONWithABadValueSaysWhatIsWrong(json: String, reason: String) {
    #expect(throws: CityError.invalid(source: "test", reason: reason)) {
      try Self.decode(json)
    }
  }

  @Test func namesAreEscapedAndCutInMessages() throws {
    let city = try Self.decode(
      Self.station(#"{"id": "a", "name": "A\nB\u001b[2J", "free_bikes": 1, "empty_slots": 1}"#))
    #expect(city.stations[0].name == "A\\nB\\u{1B}[2J")
    // Line and paragraph separators and bidi controls are control
    // characters too (fuzz-6, N1): a Unicode-aware reader splits lines on
    // U+2028 and U+2029, and U+202E reverses the rest of the line.
    #expect(
      Text.escaped("R\u{202E}o\u{2028}x\u{2029}\u{2066}")
        == "R\\u{202E}o\\u{2028}x\\u{2029}\\u{2066}")
    #expect(Text.escaped("Saldanha 👩‍👩‍👧 Ørestad") == "Saldanha 👩‍👩‍👧 Ørestad")
    // Printable ASCII passes as it is; the controls at either edge of it do not.
    #expect(Text.escaped(" Rossio ~ 1/2 ") == " Rossio ~ 1/2 ")
    #expect(Text.escaped("a\u{1F}b\u{7F}\t") == "a\\u{1F}b\\u{7F}\\t")
    let long = String(repeating: "x", count: 100_000)
    #expect(
      throws: CityError.invalid(
        source: "test",
        reason: "network.stations[0] ('\(String(repeating: "x", count: 79))…') has negative"
          + " free_bikes (-1)")
    ) {
      try Self.decode(
        Self.station(#"{"id": "a", "name": "\#(long)", "free_bikes": -1, "empty_slots": 1}"#))
    }
  }

  /// A read that fails names its own error (fuzz-6, finding 4: EIO was
  /// called "permission denied"). `/proc/self/mem` is a regular file whose
  /// first page cannot be read.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
  func aFailedReadSaysWhatFailed() async {
    await #expect(
      throws: CityError.unreadable(
        source: "file '/proc/self/mem'", reason: String(cString: strerror(EIO)))
    ) { try await CitySource.file("/proc/self/mem").load() }
  }

  @Test func whatIsNotARegularFileIsSaidSoWithoutBlocking() async throws {
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent(
      "city-fifo-\(UUID().uuidString)"
    ).path
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: fifo) }
    for path in ["/dev/null", "/dev/zero", fifo] {
      await #expect(
        throws: CityError.unreadable(source: "file '\(path)'", reason: "it is not a regular file")
      ) { try await CitySource.file(path).load() }
    }
    let long = "/nowhere/" + String(repeating: "a", count: 5000)
    await #expect {
      try await CitySource.file(long).load()
    } throws: { error in
      guard case .unreadable(_, let reason) = error as? CityError else { return false }
      return reason == "the path is too long"
    }
  }
}
