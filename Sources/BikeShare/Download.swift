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
/// It downloads to a file, not to memory: Foundation on Linux hands a data
/// task's chunks to the delegate through a queue with no back-pressure, so
/// a fast endless body had reached 1.8 GB in memory before a data delegate
/// could say "enough". A download task writes as it receives, and the
/// delegate only counts.
final class Download: NSObject, URLSessionDownloadDelegate, Sendable {
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
    let task = session.downloadTask(with: request)
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

  // MARK: - URLSessionDownloadDelegate

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {
    if let status = (downloadTask.response as? HTTPURLResponse)?.statusCode,
      !(200..<300).contains(status)
    {
      return refuse(status: status, downloadTask)
    }
    if totalBytesExpectedToWrite > Int64(CitySource.mostBytes) {
      stop("\(place) announced \(totalBytesExpectedToWrite) bytes, more than 64 MiB", downloadTask)
    } else if totalBytesWritten > Int64(CitySource.mostBytes) {
      stop("the answer from \(place) is larger than 64 MiB", downloadTask)
    }
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didFinishDownloadingTo location: URL
  ) {
    if let status = (downloadTask.response as? HTTPURLResponse)?.statusCode,
      !(200..<300).contains(status)
    {
      return refuse(status: status, downloadTask)
    }
    // The file goes away when this returns: read it now, if it is small enough.
    let size = (try? FileManager.default.attributesOfItem(atPath: location.path)[.size]) as? Int
    guard let size, size <= CitySource.mostBytes else {
      return stop("the answer from \(place) is larger than 64 MiB", downloadTask)
    }
    let body = (try? Data(contentsOf: location)) ?? Data()
    state.withLock { $0.body = body }
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
