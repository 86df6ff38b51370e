/// A test that exists: an XCTest method or a Swift Testing function, in its suite.
package struct TestIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let module: String?
    package let suite: String
    package let test: String

    package init(module: String?, suite: String, test: String) {
        self.module = module
        self.suite = suite
        self.test = test
    }

    package var description: String { "\(suite)/\(test)" }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

    func matches(_ link: TestLink) -> Bool {
        suite == link.suite && test == link.test && (link.module == nil || module == nil || link.module == module)
    }
}
