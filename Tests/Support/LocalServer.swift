import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 (a free port), misbehaving on purpose,
/// for the city loader's tests. Each connection gets a thread; the answer
/// depends on the path:
///
/// - `/ok`: `body`, with its length;
/// - `/endless`: a chunked body that never ends;
/// - `/huge`: announces 50 GiB, then sends until the client hangs up;
///
/// (both at 64 KiB a millisecond, a fast real network: a server in the test's
/// own process sending flat out starves the client it is testing);
/// - `/flood`: a chunked body that never ends, sent flat out (for a client
///   in another process);
/// - `/trickle`: announces 100 bytes, then sends one a second;
/// - `/silent`: reads the request and never answers;
/// - `/status/N`: HTTP N with an empty body;
/// - `/redirect-file`: a redirect to a `file://` URL.
public final class LocalServer: Sendable {
  public let port: Int
  private let listener: Int32
  private let body: Data

  public init(body: Data = Data()) throws {
    self.body = body
    let listener = socket(AF_INET, Self.streamType, 0)
    guard listener >= 0 else { throw Failure(step: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else { throw Failure(step: "bind") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in acceptForever() }
    thread.start()
  }

  public struct Failure: Error { let step: String }

  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Stops accepting; connections under way end when their client leaves.
  public func close() { shutdown(listener, Int32(SHUT_RDWR)) }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let noSignal: Int32 = 0
  #endif

  private func acceptForever() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 { return }
      #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { closeSocket(connection) }
    var request = [UInt8](repeating: 0, count: 4096)
    let count = recv(connection, &request, request.count, 0)
    guard count > 0 else { return }
    let line = String(decoding: request[..<count], as: UTF8.self)
    let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    switch path {
    case "/ok":
      _ = send(connection, "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n")
      _ = send(connection, body)
    case "/endless":
      guard send(connection, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") else {
        return
      }
      let chunk = Data(repeating: UInt8(ascii: " "), count: 65536)
      let framed = Data("10000\r\n".utf8) + chunk + Data("\r\n".utf8)
      while send(connection, framed) { usleep(1000) }
    case "/flood":
      guard send(connection, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") else {
        return
      }
      let chunk = Data(repeating: UInt8(ascii: " "), count: 65536)
      let framed = Data("10000\r\n".utf8) + chunk + Data("\r\n".utf8)
      while send(connection, framed) {}
    case "/huge":
      guard send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 53687091200\r\n\r\n") else {
        return
      }
      let chunk = Data(repeating: UInt8(ascii: " "), count: 65536)
      while send(connection, chunk) { usleep(1000) }
    case "/trickle":
      guard send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n") else { return }
      for _ in 0..<100 {
        guard send(connection, " ") else { return }
        Thread.sleep(forTimeInterval: 1)
      }
    case "/silent":
      var rest = [UInt8](repeating: 0, count: 16)
      _ = recv(connection, &rest, rest.count, 0)  // until the client hangs up
    case "/redirect-file":
      _ = send(
        connection,
        "HTTP/1.1 302 Found\r\nLocation: file:///etc/hostname\r\nContent-Length: 0\r\n\r\n")
    case let path where path.hasPrefix("/status/"):
      let status = path.dropFirst("/status/".count)
      _ = send(connection, "HTTP/1.1 \(status) Oops\r\nContent-Length: 0\r\n\r\n")
    default:
      _ = send(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    }
  }

  /// Sends all of `data`; false once the client has gone.
  private func send(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let sent = sendBytes(connection, buffer.baseAddress! + offset, buffer.count - offset)
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }

  private func send(_ connection: Int32, _ text: String) -> Bool {
    send(connection, Data(text.utf8))
  }

  private func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.send(socket, bytes, count, Self.noSignal)
    #else
      Darwin.send(socket, bytes, count, Self.noSignal)
    #endif
  }

  private func closeSocket(_ socket: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(socket)
    #else
      _ = Darwin.close(socket)
    #endif
  }
}
