import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads a city's URL with limits nobody outside can push past: at most
/// `CitySource.mostBytes` (as declared, and as decoded: a compressed body
/// is counted after inflating), at most `deadline` in all, and no redirect
/// away from http(s). Every way it can fail is said in words.
///
/// A data task, whose delegate sees the response before the body (so an
/// announced 50 GiB is refused at once) and then counts each chunk; what
/// still arrives between "enough" and the cancellation taking effect is
/// dropped, not kept. The limit this code cannot reach below: Foundation on
/// Linux goes on receiving until the cancellation takes effect, so a local
/// server flooding at loopback speed still grew the process to 36 MB-1.76 GB
/// before it stopped (over a real network, the link's rate times that
/// delay). A download task was tried and was worse: the announced length
/// reached the delegate only behind the body, and one run passed 10 GB.
final class Download: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body = Data()
    /// Why the download was stopped from here (too large, a bad redirect,
    /// the deadline), which says more than the cancellation error that follows.
    var stopped: String?
    var finished: CheckedContinuation<Data, any Error>?
  }

  private let url: URL
  private let timeout: TimeInterval
  private let state = Mutex(State())

  private init(url: URL, timeout: TimeInterval) {
    self.url = url
    self.timeout = timeout
  }

  /// The body of a 2xx answer.
  static func run(_ url: URL, source: String, timeout: TimeInterval, deadline: Duration)
    async throws(CityError) -> Data
  {
    let download = Download(url: url, timeout: timeout)
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    let session = URLSession(configuration: .ephemeral, delegate: download, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    // A Dispatch timer, not a sleeping task: it fires on time even when
    // every thread of the concurrency pool is busy.
    let clock = DispatchWorkItem {
      download.stop("no complete answer from \(download.place) within \(deadline.words)", task)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline.seconds, execute: clock)
    defer { clock.cancel() }
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          download.state.withLock { $0.finished = continuation }
          task.resume()
        }
      } onCancel: {
        task.cancel()
      }
    } catch {
      throw .unreadable(source: source, reason: download.reason(error))
    }
  }

  /// `host:port` as the user would recognise it.
  private var place: String {
    let host = url.host ?? "the server"
    return url.port.map { "\(host):\($0)" } ?? host
  }

  private func stop(_ why: String, _ task: URLSessionTask) {
    state.withLock { if $0.stopped == nil { $0.stopped = why } }
    task.cancel()
  }

  private func reason(_ error: any Error) -> String {
    if let stopped = state.withLock({ $0.stopped }) { return stopped }
    let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
    switch code ?? .unknown {
    case .timedOut: return "no answer from \(place) for \(Int(timeout)) s"
    case .cannotConnectToHost: return "\(place) refused the connection"
    case .cannotFindHost, .dnsLookupFailed: return "cannot find the host \(url.host ?? "")"
    case .networkConnectionLost: return "\(place) closed the connection before the end"
    case .notConnectedToInternet: return "no network"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      return "the TLS connection to \(place) failed (\((error as NSError).code))"
    case .badServerResponse: return "\(place) sent an answer that is not HTTP"
    case .cancelled: return "cancelled"
    case .unsupportedURL, .badURL: return "this URL cannot be loaded here"
    default:
      let error = error as NSError
      return "\(Text.quoted(error.localizedDescription)) (\(error.domain) \(error.code))"
    }
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
      refuse(status: status, dataTask)
      return completionHandler(.cancel)
    }
    if response.expectedContentLength > Int64(CitySource.mostBytes) {
      stop("\(place) announced \(response.expectedContentLength) bytes, more than 64 MiB", dataTask)
      return completionHandler(.cancel)
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = state.withLock { state in
      // After a stop, what the network still hands over is dropped.
      guard state.stopped == nil else { return false }
      guard state.body.count + data.count <= CitySource.mostBytes else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge { stop("the answer from \(place) is larger than 64 MiB", dataTask) }
  }

  private func refuse(status: Int, _ task: URLSessionTask) {
    // Linux's Foundation follows a redirect to `file:///x` as `http://host/x`
    // (it never opens the file): say where the answer came from.
    let final = task.response?.url
    let redirected =
      final.map { $0 != url ? " after a redirect to \(Text.quoted($0.absoluteString))" : "" } ?? ""
    stop("\(place) answered HTTP \(status)\(redirected)", task)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let scheme = request.url?.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      let target = Text.quoted(request.url?.absoluteString ?? "?")
      stop("\(place) redirected to \(target), which is not http(s): refused", task)
      return completionHandler(nil)
    }
    completionHandler(request)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (continuation, body, stopped) = state.withLock { state in
      defer { state.finished = nil }
      return (state.finished, state.body, state.stopped)
    }
    if let error {
      continuation?.resume(throwing: error)
    } else if stopped != nil {
      continuation?.resume(throwing: URLError(.cancelled))
    } else {
      continuation?.resume(returning: body)
    }
  }
}

extension Duration {
  /// "30 s", "0.5 s".
  fileprivate var words: String {
    let seconds = self.seconds
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
