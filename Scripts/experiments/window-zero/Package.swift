// swift-tools-version: 6.2
// The seed's one-liner in a package that sets the main actor as its module's
// default isolation, as Xcode 26's new app targets do (SE-0466). Built and
// run by Scripts/window-zero.sh; not part of the playground's own package.
import PackageDescription

let package = Package(
  name: "WindowZero",
  targets: [
    .target(name: "Seed", path: "Seed", swiftSettings: [.defaultIsolation(MainActor.self)]),
    .executableTarget(name: "Trials", dependencies: ["Seed"], path: "Trials"),
  ]
)
