import Gherkin

/// A scenario's claim that a test verifies it: `@xctest:LoginUseCaseTests/test_execute_...`,
/// optionally with a module (`@xctest:IdentityTests.LoginUseCaseTests/test_...`).
package struct TestLink: Sendable, Hashable {
    package static let tagPrefix = "@xctest:"

    package let module: String?
    package let suite: String
    package let test: String
    /// The tag as written, and where.
    package let tag: String
    package let location: Location?

    /// The link a tag declares, or nil for other tags. A malformed link (no `/`) is
    /// still returned, with an empty test name, so that it is reported rather than ignored.
    package init?(tag: String, location: Location? = nil) {
        guard tag.hasPrefix(Self.tagPrefix) else { return nil }
        let body = tag.dropFirst(Self.tagPrefix.count)
        let parts = body.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let qualified = String(parts[0])
        var test = parts.count > 1 ? String(parts[1]) : ""
        if test.hasSuffix("()") { test.removeLast(2) }
        if let dot = qualified.lastIndex(of: ".") {
            module = String(qualified[..<dot])
            suite = String(qualified[qualified.index(after: dot)...])
        } else {
            module = nil
            suite = qualified
        }
        self.test = test
        self.tag = tag
        self.location = location
    }

    /// `Suite/test`, the name the reports show.
    package var name: String { "\(suite)/\(test)" }
}
