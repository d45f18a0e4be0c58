import BikeShare
import Foundation

/// Where the figures were measured.
struct Machine: Codable, Sendable {
  let cores: Int
  let system: String
  let toolchain: String
  let build: String
  let quick: Bool

  init(toolchain: String, quick: Bool) {
    cores = ProcessInfo.processInfo.activeProcessorCount
    #if os(Linux)
      system = "Linux " + ProcessInfo.processInfo.operatingSystemVersionString
    #else
      system = ProcessInfo.processInfo.operatingSystemVersionString
    #endif
    self.toolchain = Text.escaped(toolchain)  // typed by hand, or read from swift --version
    self.quick = quick
    build = Bench.isDebugBuild ? "debug" : "release"
  }

  var lines: [String] {
    [
      "bikes-bench: \(cores) cores, \(system)",
      "\(toolchain), \(build) build"
        + (quick ? " (--quick: figures for trying the bench, not for quoting)" : ""),
    ]
  }
}
