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
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw .invalid(source: source, reason: Self.diagnose(data))
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
      let label = "network.stations[\(index)] ('\(Text.quoted(station.name))')"
      for (field, value) in [
        ("free_bikes", station.freeBikes), ("empty_slots", station.emptySlots),
      ] {
        guard value >= 0 else {
          throw .invalid(source: source, reason: "\(label) has negative \(field) (\(value))")
        }
        guard value <= Self.mostPerCounter else {
          throw .invalid(
            source: source,
            reason: "\(label) has \(field) \(value), more than the \(Self.mostPerCounter) allowed")
        }
      }
      guard seen.insert(station.id).inserted else {
        throw .invalid(
          source: source, reason: "\(label) repeats the station id '\(Text.quoted(station.id))'")
      }
    }
    // Names are printed in reports, logs and errors: control characters are
    // escaped once, here, so no name can break a line or drive the terminal.
    return City(
      id: network.id, name: Text.escaped(network.name),
      stations: network.stations.map {
        StationRecord(
          id: $0.id, name: Text.escaped($0.name), freeBikes: $0.freeBikes,
          emptySlots: $0.emptySlots)
      })
  }

  /// The most bikes, or empty slots, one station may report: far above any
  /// real dock (the largest have a few hundred), and low enough that no sum
  /// of counts over any city, and no racy run, can overflow an `Int`.
  public static let mostPerCounter = 1_000_000

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
      if keys.isEmpty { return "the top level" }
      return keys.reduce(into: "") { text, key in
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
        type == Int.self
        ? "a whole number"
        : type == String.self ? "a string" : type is [Any].Type ? "a list" : "an object"
      return "has the wrong type at \(path(context.codingPath)): expected \(expected)"
    case .dataCorrupted(let context):
      return "has an unreadable value at \(path(context.codingPath))"
    @unknown default:
      return "could not be decoded"
    }
  }

  /// Why data the decoder called invalid is invalid, when it is valid JSON
  /// with a bad count, or nests too deep for the parser (which says only
  /// "not valid JSON" on Linux).
  static func diagnose(_ data: Data) -> String {
    if let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) {
      let stations = ((object as? [String: Any])?["network"] as? [String: Any])?["stations"]
      for (index, station) in ((stations as? [Any]) ?? []).enumerated() {
        for field in ["free_bikes", "empty_slots"] {
          guard let number = (station as? [String: Any])?[field] as? NSNumber else { continue }
          let value = number.doubleValue
          if value != value.rounded() {
            return "has network.stations[\(index)].\(field) \(value), not a whole number"
          }
          if abs(value) >= 9.2e18 {
            return "has network.stations[\(index)].\(field) \(number), too large for a count"
          }
        }
      }
      return "could not be decoded"
    }
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest > 500
      ? "nests \(deepest) levels deep, more than the JSON parser accepts" : "is not valid JSON"
  }
}
