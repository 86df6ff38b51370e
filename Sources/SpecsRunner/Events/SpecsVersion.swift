import Foundation
import Messages

/// The version of specs and the `meta` message that opens every stream.
package enum SpecsVersion {
    /// This version of specs.
    package static let current = "0.1.0"
    /// The version of Cucumber Messages the runner writes.
    package static let protocolVersion = "34.2.1"

    /// The `meta` message: specs, Swift, the operating system and the processor.
    package static func meta() -> Meta {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #if os(Linux)
            let osName = "linux"
        #else
            let osName = "darwin"
        #endif
        #if arch(arm64)
            let cpu = "arm64"
        #else
            let cpu = "x64"
        #endif
        return Meta(
            protocolVersion: protocolVersion,
            implementation: .init(name: "specs", version: current),
            runtime: .init(name: "swift", version: swiftVersion),
            os: .init(name: osName, version: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"),
            cpu: .init(name: cpu, version: nil), ci: CIEnvironment.detect())
    }

    private static var swiftVersion: String {
        #if swift(>=6.3)
            "6.3"
        #elseif swift(>=6.2)
            "6.2"
        #elseif swift(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }
}
