import Foundation

/// Reading CityBikes v2 network responses (`{"network": {...}}`).
///
/// Only the fields the simulation needs are decoded. Everything else
/// (`extra`, `location`, `company`, timestamps) is ignored, because real
/// networks disagree on it: Milano sends numbers, Wien sends numbers as
/// strings and nulls.
extension City {
  /// Decodes and validates a CityBikes v2 response.
  /// - Throws: `CityError.invalid` with one line that names the field at fault.
  public static func decode(cityBikesJSON data: Data, source: String) throws(CityError) -> City {
    let response: Response
    do {
      response = try JSONDecoder().decode(Response.self, from: data)
    } catch let error as DecodingError {
      throw .invalid(source: source, reason: Self.describe(error))
    } catch {
      throw .invalid(source: source, reason: "is not valid JSON")
    }
    let network = response.network
    guard !network.stations.isEmpty else {
      throw .invalid(source: source, reason: "has no stations (network.stations is empty)")
    }
    var seen: Set<String> = []
    for (index, station) in network.stations.enumerated() {
      let label = "network.stations[\(index)] ('\(station.name)')"
      guard station.freeBikes >= 0 else {
        throw .invalid(
          source: source, reason: "\(label) has negative free_bikes (\(station.freeBikes))")
      }
      guard station.emptySlots >= 0 else {
        throw .invalid(
          source: source, reason: "\(label) has negative empty_slots (\(station.emptySlots))")
      }
      guard seen.insert(station.id).inserted else {
        throw .invalid(source: source, reason: "\(label) repeats the station id '\(station.id)'")
      }
    }
    return City(
      id: network.id, name: network.name,
      stations: network.stations.map {
        StationRecord(id: $0.id, name: $0.name, freeBikes: $0.freeBikes, emptySlots: $0.emptySlots)
      })
  }

  private struct Response: Decodable {
    let network: Network
  }

  private struct Network: Decodable {
    let id: String
    let name: String
    let stations: [Station]
  }

  private struct Station: Decodable {
    let id: String
    let name: String
    let freeBikes: Int
    let emptySlots: Int

    enum CodingKeys: String, CodingKey {
      case id, name
      case freeBikes = "free_bikes"
      case emptySlots = "empty_slots"
    }
  }

  /// Turns a `DecodingError` into "network.stations[3].free_bikes is missing".
  private static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      keys.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "has no field \(path(context.codingPath + [key]))"
    case .valueNotFound(_, let context):
      return "has null at \(path(context.codingPath)), a value is needed"
    case .typeMismatch(let type, let context):
      let expected =
        type == Int.self ? "a whole number" : type == String.self ? "a string" : "\(type)"
      return "has the wrong type at \(path(context.codingPath)): expected \(expected)"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "is not valid JSON"
    case .dataCorrupted(let context):
      return "has an unreadable value at \(path(context.codingPath))"
    @unknown default:
      return "could not be decoded"
    }
  }
}
