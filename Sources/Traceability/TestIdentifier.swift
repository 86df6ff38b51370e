/// A test that exists: an XCTest method or a Swift Testing function, in its suite.
public struct TestIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let module: String?
    public let suite: String
    public let test: String

    public init(module: String?, suite: String, test: String) {
        self.module = module
        self.suite = suite
        self.test = test
    }

    public var description: String { "\(suite)/\(test)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

    func matches(_ link: TestLink) -> Bool {
        suite == link.suite && test == link.test && (link.module == nil || module == nil || link.module == module)
    }
}
