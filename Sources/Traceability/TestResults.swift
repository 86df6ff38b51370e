import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What happened to each test, read from the xUnit XML of `swift test --xunit-output`.
public struct TestResults: Sendable {
    public enum Outcome: String, Sendable, Hashable {
        case passed, failed, skipped
    }

    /// By `Suite/test`, with and without the module prefix of the class name.
    public private(set) var outcomes: [String: Outcome] = [:]

    public init() {}

    public mutating func merge(xunit data: Data) throws {
        let reader = XUnitReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw TraceabilityError(message: "not xUnit XML: \(parser.parserError.map { "\($0)" } ?? "unreadable")")
        }
        for (suite, test, outcome) in reader.cases {
            let plainSuite = suite.split(separator: ".").last.map(String.init) ?? suite
            var plainTest = test
            if let paren = plainTest.firstIndex(of: "(") { plainTest = String(plainTest[..<paren]) }
            // A test run twice keeps its worst outcome.
            for key in ["\(plainSuite)/\(plainTest)", "\(suite)/\(plainTest)"] {
                if outcomes[key] != .failed { outcomes[key] = outcome == .skipped && outcomes[key] == .passed ? .passed : outcome }
            }
        }
    }

    public func outcome(for test: TestIdentifier) -> Outcome? {
        if let module = test.module, let outcome = outcomes["\(module).\(test.suite)/\(test.test)"] { return outcome }
        return outcomes["\(test.suite)/\(test.test)"]
    }

    public var isEmpty: Bool { outcomes.isEmpty }
}

public struct TraceabilityError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

private final class XUnitReader: NSObject, XMLParserDelegate {
    var cases: [(String, String, TestResults.Outcome)] = []
    private var current: (suite: String, test: String, outcome: TestResults.Outcome)?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "testcase": current = (attributes["classname"] ?? "", attributes["name"] ?? "", .passed)
        case "failure", "error": current?.outcome = .failed
        case "skipped": if current?.outcome != .failed { current?.outcome = .skipped }
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "testcase", let current {
            cases.append((current.suite, current.test, current.outcome))
            self.current = nil
        }
    }
}
