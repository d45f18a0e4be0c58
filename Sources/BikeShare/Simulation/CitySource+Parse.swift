import Foundation

extension CitySource {
  /// Reads `--city`: `embedded`, an `http(s)://` URL, or a file path.
  /// - Returns: the source, or a usage error when the value cannot name one.
  public static func parse(_ value: String) -> Result<CitySource, UsageError> {
    if value == "embedded" { return .success(.embedded) }
    if value.contains("://") {
      guard var parts = URLComponents(string: value), let scheme = parts.scheme?.lowercased(),
        ["http", "https"].contains(scheme), let host = parts.host, !host.isEmpty
      else {
        return .failure(UsageError("--city '\(value)' is not an http(s) URL with a host"))
      }
      if let port = parts.port, !(1...65535).contains(port) {
        return .failure(UsageError("--city '\(value)' has port \(port), not one from 1 to 65535"))
      }
      #if os(Linux)
        // Foundation on Linux answers "unsupported URL" for an IPv6 literal
        // (measured with a server on [::1]): say so before trying.
        if host.contains(":") || host.hasPrefix("[") {
          return .failure(
            UsageError(
              "--city '\(value)': Foundation on Linux cannot load an IPv6 address literal; use a host name"
            )
          )
        }
      #endif
      parts.scheme = scheme  // schemes are case-insensitive
      guard let url = parts.url else {
        return .failure(UsageError("--city '\(value)' is not an http(s) URL with a host"))
      }
      return .success(.url(url, name: value))
    }
    if value.isEmpty {
      return .failure(UsageError("--city needs 'embedded', a file path or a URL"))
    }
    return .success(.file(value))
  }
}
