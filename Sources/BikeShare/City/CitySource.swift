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

  /// The most a city may weigh, from a file or a URL: 64 MiB, hundreds of
  /// times the largest real network (Milano's response is 150 KB).
  public static let mostBytes = 64 << 20

  /// How long loading a city from a URL may take in all, however the server
  /// trickles its answer.
  public static let deadline: Duration = .seconds(30)

  /// A CityBikes JSON file on disk.
  public static func file(_ path: String) -> CitySource {
    CitySource(name: path) { () throws(CityError) in
      let source = "file '\(Text.quoted(path))'"
      // Look before opening: a FIFO would block, a device never ends.
      var info = stat()
      guard stat(path, &info) == 0 else {
        throw .unreadable(source: source, reason: Self.reason(errno: errno))
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw .unreadable(source: source, reason: "it is a directory")
      default: throw .unreadable(source: source, reason: "it is not a regular file")
      }
      guard info.st_size <= mostBytes else {
        throw .unreadable(source: source, reason: "it is larger than 64 MiB")
      }
      let data = try Self.contents(of: path, source: source)
      return try City.decode(cityBikesJSON: data, source: source)
    }
  }

  /// The file's bytes, read with `open` and `read`, so that a failure names
  /// its own `errno` (EIO is "Input/output error", not a denied permission).
  private static func contents(of path: String, source: String) throws(CityError) -> Data {
    func failed(_ code: Int32) -> CityError {
      .unreadable(source: source, reason: reason(errno: code))
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failed(errno) }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw failed(errno)
      }
      data.append(contentsOf: buffer[..<count])
      // Grown since `stat` looked: the same limit.
      if data.count > mostBytes { throw failed(EFBIG) }
    }
  }

  /// A CityBikes network endpoint, e.g. `https://api.citybik.es/v2/networks/bikemi`.
  /// - Parameters:
  ///   - timeout: the longest silence from the server.
  ///   - deadline: the longest the whole load may take.
  public static func url(
    _ url: URL, name: String? = nil, timeout: TimeInterval = 20, deadline: Duration = deadline
  ) -> CitySource {
    CitySource(name: name ?? url.absoluteString) { () throws(CityError) in
      let source = "URL \(Text.quoted(url.absoluteString, limit: 200))"
      let data = try await Download.run(url, source: source, timeout: timeout, deadline: deadline)
      return try City.decode(cityBikesJSON: data, source: source)
    }
  }

  private static func reason(errno code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES, EPERM: "permission denied"
    case ENAMETOOLONG: "the path is too long"
    case ENOTDIR: "a part of the path is not a folder"
    case ELOOP: "too many symbolic links"
    case EFBIG: "it is larger than 64 MiB"
    default: String(cString: strerror(code))
    }
  }
}
