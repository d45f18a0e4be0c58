import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a city comes from, in the spirit of the original project's protocol
/// witness: the simulation only needs "something that loads a city".
public struct CitySource: Sendable, Equatable {
  /// How the source is named in reports and errors (`embedded`, a path, a URL),
  /// as the user typed it.
  public let name: String
  private let fetch: @Sendable () async throws(CityError) -> City

  public init(name: String, load: @escaping @Sendable () async throws(CityError) -> City) {
    self.name = name
    self.fetch = load
  }

  public func load() async throws(CityError) -> City { try await fetch() }

  /// Two sources are the same if they have the same name.
  public static func == (lhs: CitySource, rhs: CitySource) -> Bool { lhs.name == rhs.name }
}

/// A city that could not be loaded: one line for stderr, exit code 1.
public enum CityError: Error, Equatable, CustomStringConvertible {
  case unreadable(source: String, reason: String)
  case invalid(source: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let source, let reason): "cannot read city \(source): \(reason)"
    case .invalid(let source, let reason): "city \(source) \(reason)"
    }
  }
}

extension CitySource {
  /// The city shipped with the package (`Resources/embedded-city.json`).
  public static let embedded = CitySource(name: "embedded") { () throws(CityError) in
    let source = "embedded (package resource)"
    guard let url = Bundle.module.url(forResource: "embedded-city", withExtension: "json"),
      let data = try? Data(contentsOf: url)
    else { throw .unreadable(source: source, reason: "the resource is missing from the build") }
    return try City.decode(cityBikesJSON: data, source: source)
  }

  /// A CityBikes JSON file on disk.
  public static func file(_ path: String) -> CitySource {
    CitySource(name: path) { () throws(CityError) in
      let source = "file '\(path)'"
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw .unreadable(source: source, reason: Self.reason(error, path: path))
      }
      return try City.decode(cityBikesJSON: data, source: source)
    }
  }

  /// A CityBikes network endpoint, e.g. `https://api.citybik.es/v2/networks/bikemi`.
  public static func url(_ url: URL, name: String? = nil, timeout: TimeInterval = 20)
    -> CitySource
  {
    CitySource(name: name ?? url.absoluteString) { () throws(CityError) in
      let source = "URL \(url.absoluteString)"
      var request = URLRequest(url: url)
      request.timeoutInterval = timeout
      let session = URLSession(configuration: .ephemeral)
      defer { session.finishTasksAndInvalidate() }
      let data: Data
      let response: URLResponse
      do {
        (data, response) = try await session.data(for: request)
      } catch {
        throw .unreadable(source: source, reason: error.localizedDescription)
      }
      if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        throw .unreadable(source: source, reason: "the server answered HTTP \(http.statusCode)")
      }
      return try City.decode(cityBikesJSON: data, source: source)
    }
  }

  /// Reads `--city`: `embedded`, an `http(s)://` URL, or a file path.
  /// - Returns: the source, or a usage error when the value cannot name one.
  public static func parse(_ value: String) -> Result<CitySource, UsageError> {
    if value == "embedded" { return .success(.embedded) }
    if value.contains("://") {
      guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
        ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty
      else {
        return .failure(UsageError("--city '\(value)' is not an http(s) URL with a host"))
      }
      return .success(.url(url, name: value))
    }
    if value.isEmpty {
      return .failure(UsageError("--city needs 'embedded', a file path or a URL"))
    }
    return .success(.file(value))
  }

  private static func reason(_ error: any Error, path: String) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      return "no such file"
    }
    if isDirectory.boolValue { return "it is a directory" }
    if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
    return (error as NSError).localizedDescription
  }
}
