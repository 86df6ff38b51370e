// swift-tools-version:6.0
import Foundation
import PackageDescription

// A third-party package running its own feature files with specs. It depends on the
// checkout two folders up; a path dependency is named after its folder, so the name
// is read from the path (a package depending on the repository by URL uses "specs").
let specsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let specsPackage = specsFolder.lastPathComponent.lowercased()

let package = Package(
    name: "Cart",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: specsFolder.path)],
    targets: [
        .executableTarget(name: "cart-specs", dependencies: [.product(name: "SpecsKit", package: specsPackage)]),
    ],
    swiftLanguageModes: [.v6]
)
