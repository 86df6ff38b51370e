// swift-tools-version:6.0
// snippet package
import Foundation
import PackageDescription

// A third-party package specifying its own behaviour with specs. It depends on the
// checkout two folders up; a path dependency is named after its folder, so the name
// is read from the path (a package depending on the repository by URL uses "specs").
let specsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let specs = specsFolder.lastPathComponent.lowercased()

let package = Package(
    name: "Cart",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: specsFolder.path)],
    targets: [
        // The domain, knowing nothing of specs.
        .target(name: "Cart"),
        // The step definitions: a library both the runner and the tests import.
        .target(name: "CartSteps", dependencies: ["Cart", .product(name: "SpecsKit", package: specs)]),
        // `swift run cart-specs`: the command-line runner with every report format.
        .executableTarget(name: "cart-specs", dependencies: ["CartSteps", .product(name: "SpecsKit", package: specs)]),
        // `swift test`: every scenario and example row of Features/ is a test.
        // snippet test-target
        .testTarget(
            name: "CartTests",
            dependencies: ["CartSteps", .product(name: "SpecsTesting", package: specs)],
            plugins: [.plugin(name: "ScenarioTests", package: specs)]),
        // end snippet test-target
    ],
    swiftLanguageModes: [.v6]
)
// end snippet package
