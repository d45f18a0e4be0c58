import Dispatch
import Foundation

/// Ctrl-C handling for the executables: the first SIGINT pulls the stop
/// switch (the run ends cleanly and prints a partial report), a second one
/// quits at once.
public enum Interrupt {
  /// Installs the handler. Keep the returned source alive for the run.
  public static func install(_ stop: StopSwitch) -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      if stop.isStopped {
        Console.error("stopped again: quitting without a report")
        exit(130)
      }
      Console.error("stopping: Ctrl-C again to quit at once")
      stop.stop()
    }
    source.resume()
    return source
  }
}
