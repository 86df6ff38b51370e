import Foundation

/// What happened to each test, read from the xUnit XML of `swift test --xunit-output`.
public struct TestResults: Sendable {
    public enum Outcome: String, Sendable, Hashable {
        case passed, failed, skipped
    }

    /// By `Suite/test`, with and without the module prefix of the class name.
    public private(set) var outcomes: [String: Outcome] = [:]

    public init() {}

    /// Adds the results of an xUnit file; returns how many test cases it held.
    @discardableResult
    public mutating func merge(xunit data: Data) throws -> Int {
        let cases: [XUnitReader.Case]
        do {
            cases = try XUnitReader.cases(in: String(decoding: data, as: UTF8.self))
        } catch let cut as XUnitReader.CutOff {
            throw TraceabilityError(
                message: "the file is cut off before the end of its <testsuite> (after \(cut.cases) "
                    + "test case\(cut.cases == 1 ? "" : "s")): the test process probably crashed before it finished writing, "
                    + "so the results of the tests after that are missing; see the output of `swift test` for the crash and run the "
                    + "tests again")
        } catch {
            throw TraceabilityError(message: "not xUnit XML: \(error)")
        }
        for testCase in cases {
            let (suite, test, outcome) = (testCase.suite, testCase.test, testCase.outcome)
            let plainSuite = suite.split(separator: ".").last.map(String.init) ?? suite
            var plainTest = test
            if let paren = plainTest.firstIndex(of: "(") { plainTest = String(plainTest[..<paren]) }
            // A test run twice keeps its worst outcome.
            for key in ["\(plainSuite)/\(plainTest)", "\(suite)/\(plainTest)"] {
                if outcomes[key] != .failed {
                    outcomes[key] = outcome == .skipped && outcomes[key] == .passed ? .passed : outcome
                }
            }
        }
        return cases.count
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
