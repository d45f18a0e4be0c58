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
/// announced 50 GiB is refused at once) and then counts each chunk. Two
/// things keep a server flooding at loopback speed from growing the process
/// (before them: up to 24 GB, and up to 114 s before the run ended):
///
/// - Foundation on Linux hands each chunk to the delegate queue as an
///   operation and never waits for it, so the chunks piled up faster than
///   the delegate counted them. `DelegateQueue` makes the network side wait
///   while 64 chunks are queued, so the kernel holds the sender back.
/// - A stop (too large, the deadline, Ctrl-C) ends the load at once instead
///   of waiting for Foundation to finish the task (see `stop`).
///
/// (A download task was tried first and was worse: the announced length
/// reached the delegate only behind the body, and one run passed 10 GB.)
final class Download: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body = Data()
    /// Why the download was stopped from here (too large, a bad redirect,
    /// the deadline), which says more than the cancellation error that follows.
    var stopped: String?
    var finished: CheckedContinuation<Data, any Error>?
    /// The session said how the task ended: a stop that comes later (the
    /// deadline firing while this process's threads were busy) changes nothing.
    var completed = false
  }

  private let url: URL
  private let timeout: TimeInterval
  private let state = Locked(State())
  private let queue = DelegateQueue()

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
    let session = URLSession(
      configuration: .ephemeral, delegate: download, delegateQueue: download.queue)
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
          let stopped = download.state.withLock { state in
            if state.stopped == nil { state.finished = continuation }
            return state.stopped != nil
          }
          if stopped {
            continuation.resume(throwing: URLError(.cancelled))
          } else {
            task.resume()
          }
        }
      } onCancel: {
        download.stop("cancelled", task)
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

  /// Ends the load at once, without waiting for Foundation to finish the
  /// task: on Linux (Swift 6.3.1, seen in gdb) `cancel()` waits for the
  /// session's own queue, which a server flooding at loopback speed kept
  /// busy for up to two minutes while the process grew past 20 GB. The task
  /// is cancelled as well, on the side; whatever it still delivers is
  /// dropped.
  private func stop(_ why: String, _ task: URLSessionTask) {
    let continuation = state.withLock { state in
      if state.stopped == nil, !state.completed { state.stopped = why }
      state.body = Data()
      defer { state.finished = nil }
      return state.finished
    }
    queue.stopWaiting()
    continuation?.resume(throwing: URLError(.cancelled))
    // Not from the delegate queue: `cancel()` waits for the session's
    // queue, which may be waiting for the delegate queue.
    DispatchQueue.global().async { task.cancel() }
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
      if state.stopped == nil { state.completed = true }
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

/// A serial delegate queue that makes whoever adds an operation wait while
/// `mostWaiting` are queued and not yet finished: backpressure on the
/// network side, whose thread then stops reading the socket, so the sender's
/// kernel stops it. Every delegate method returns at once (after a stop,
/// chunks are dropped unread), so the queue drains; no add waits longer
/// than `longestWait`, or at all after a stop.
///
/// `@unchecked Sendable` is OperationQueue's own, which Swift 6 requires a
/// subclass to restate; nothing here races: its own state is atomics and a
/// condition.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
  /// At most 64 chunks waiting: 1 MiB at libcurl's usual 16 KiB a chunk.
  let mostWaiting: Int
  /// The longest one add waits. If the delegate's thread stalls, an add
  /// that waited for ever would hold up the session (and its timeouts) with
  /// it. Bounded, a stalled delegate lets through one chunk per wait.
  let longestWait: TimeInterval
  /// Called (on the adding thread) each time an add has to wait.
  private let whenFull: @Sendable () -> Void
  private let waiting = Atomic(0)
  private let stopped = Atomic(false)
  private let turn = NSCondition()
  /// Where the operations run (`underlyingQueue` does not keep it alive).
  private let lane = DispatchQueue(label: "city download delegate")

  init(
    mostWaiting: Int = 64, longestWait: TimeInterval = 0.05,
    whenFull: @escaping @Sendable () -> Void = {}
  ) {
    self.mostWaiting = mostWaiting
    self.longestWait = longestWait
    self.whenFull = whenFull
    super.init()
    maxConcurrentOperationCount = 1
    name = "city download delegate"
    // A serial queue of its own: Dispatch gives it a thread even while the
    // shared threads (Swift's concurrency pool) are all busy, so the
    // session's answers reach the delegate on time.
    underlyingQueue = lane
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    turn.lock()
    if isFull { whenFull() }
    let limit = Date(timeIntervalSinceNow: longestWait)
    while isFull, turn.wait(until: limit) {}
    waiting.add(1, ordering: .sequentiallyConsistent)
    turn.unlock()
    super.addOperation { [self] in
      block()
      turn.lock()
      waiting.subtract(1, ordering: .sequentiallyConsistent)
      turn.signal()
      turn.unlock()
    }
  }

  private var isFull: Bool {
    !stopped.load(ordering: .sequentiallyConsistent)
      && waiting.load(ordering: .sequentiallyConsistent) >= mostWaiting
  }

  /// After a stop nobody waits: what still comes is dropped unread, and the
  /// cancellation must get through.
  func stopWaiting() {
    stopped.store(true, ordering: .sequentiallyConsistent)
    turn.lock()
    turn.broadcast()
    turn.unlock()
  }
}

extension Duration {
  /// "30 s", "0.5 s".
  fileprivate var words: String {
    let seconds = self.seconds
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
