// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ConcurrentBikesPlayground",
  // macOS 15 is the first release with the Synchronization module (Mutex, Atomic).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "bikes-actors", targets: ["BikesActors"])
  ],
  targets: [
    .target(
      name: "BikeShare",
      resources: [.copy("Resources/embedded-city.json")]
    ),
    .executableTarget(
      name: "BikesActors",
      dependencies: ["BikeShare"],
      exclude: ["README.md"]
    ),
    .testTarget(
      name: "BikeShareTests",
      dependencies: ["BikeShare"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "BikesActorsTests",
      dependencies: ["BikesActors", "BikeShare"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
