// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ConcurrentBikesPlayground",
  // macOS 15 is the first release with the Synchronization module (Mutex, Atomic).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "bikes-callbacks", targets: ["BikesCallbacks"]),
    .executable(name: "bikes-operations", targets: ["BikesOperations"]),
    .executable(name: "bikes-dispatch", targets: ["BikesDispatch"]),
    .executable(name: "bikes-futures", targets: ["BikesFutures"]),
    .executable(name: "bikes-actors", targets: ["BikesActors"]),
    // The main job (Scripts/side-by-side.sh): every era, racy then safe, in one table.
    .executable(name: "bikes-side-by-side", targets: ["SideBySide"]),
    // The price of safety, measured (Scripts/bench.sh; release builds only).
    .executable(name: "bikes-bench", targets: ["Bench"]),
  ],
  targets: [
    .target(
      name: "BikeShare",
      exclude: [
        "README.md", "City/README.md", "Simulation/README.md", "Bench/README.md",
        "Stage/README.md", "Report/README.md", "CommandLine/README.md",
      ]
        + ["Atlas", "Commands", "Eras", "Explore", "Gate", "Play", "Replay", "Stories", "Stress"]
        .map {
          "Stage/\($0)/README.md"
        },
      resources: [.copy("Resources/embedded-city.json"), .copy("Resources/atlas")]
    ),
    .executableTarget(
      name: "BikesCallbacks",
      dependencies: ["BikeShare"],
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "BikesOperations",
      dependencies: ["BikeShare"],
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "BikesDispatch",
      dependencies: ["BikeShare"],
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "BikesFutures",
      dependencies: ["BikeShare"],
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "BikesActors",
      dependencies: ["BikeShare"],
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "SideBySide",
      dependencies: ["BikeShare"]
    ),
    .executableTarget(
      name: "Bench",
      dependencies: ["BikeShare"]
    ),
    .testTarget(
      name: "BikeShareTests",
      dependencies: ["BikeShare", "TestSupport"],
      exclude: ["Fixtures"]
    ),
    // Helpers shared by the era tests: running a built executable, probes for tests.
    .target(
      name: "TestSupport",
      dependencies: ["BikeShare"],
      path: "Tests/Support"
    ),
    .testTarget(
      name: "BikesCallbacksTests",
      dependencies: ["BikesCallbacks", "BikeShare", "TestSupport"]
    ),
    .testTarget(
      name: "BikesOperationsTests",
      dependencies: ["BikesOperations", "BikeShare", "TestSupport"]
    ),
    .testTarget(
      name: "BikesDispatchTests",
      dependencies: ["BikesDispatch", "BikeShare", "TestSupport"]
    ),
    .testTarget(
      name: "BikesFuturesTests",
      dependencies: ["BikesFutures", "BikeShare", "TestSupport"]
    ),
    .testTarget(
      name: "BikesActorsTests",
      dependencies: ["BikesActors", "BikeShare", "TestSupport"]
    ),
    // The contract every era keeps, tested once and run on each era's real code.
    .testTarget(
      name: "ErasTests",
      dependencies: [
        "BikesCallbacks", "BikesOperations", "BikesDispatch", "BikesFutures", "BikesActors",
        "BikeShare", "TestSupport",
      ]
    ),
    .testTarget(
      name: "BenchTests",
      dependencies: ["Bench", "BikeShare", "TestSupport"]
    ),
    .testTarget(
      name: "SideBySideTests",
      dependencies: ["SideBySide", "BikeShare", "TestSupport"]
    ),
    // Chapters stay honest: snippets match their sources, links resolve.
    .testTarget(name: "ChaptersTests", dependencies: ["TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
