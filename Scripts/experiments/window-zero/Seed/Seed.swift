// The seed's one-liner and its station, unannotated, as a module of their
// own: where `rider` runs is decided by the settings this module is built
// with (Scripts/window-zero.sh builds it four ways with swiftc, and once as
// a SwiftPM target with `.defaultIsolation(MainActor.self)`).

public actor Station {
  public var freeBikes = 1
  public init() {}
  public func removeBike() { freeBikes -= 1 }
}

public func rider(_ station: Station) async {
  if await station.freeBikes > 0 { await station.removeBike() }
}
