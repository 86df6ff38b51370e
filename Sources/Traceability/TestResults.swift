import Foundation

/// What happened to each test, read from the xUnit XML of `swift test --xunit-output` and
/// from what `swift test` printed.
///
/// The xUnit files `swift test` writes (their `testsuite` is named `TestResults`) cannot tell
/// a skipped test from a passed one: XCTest's file from `--parallel` is written from each
/// test's exit status, so a test that called `XCTSkip` is a bare `testcase`, and Swift
/// Testing's writes a cancelled test the same way. A pass there is `unconfirmed`; only the
/// printed output (`Test Case '…' passed`, `✔ Test …() passed`) makes it `passed`.
public struct TestResults: Sendable {
    public enum Outcome: String, Sendable, Hashable {
        /// Passed, or skipped: the results file cannot tell which, so it proves nothing.
        case unconfirmed
        case passed, failed, skipped

        /// Which of two results of one test stands: a failure, then a pass (a test run twice
        /// that passed once), then a skip, then a pass that might have been a skip.
        var rank: Int {
            switch self {
            case .unconfirmed: 0
            case .skipped: 1
            case .passed: 2
            case .failed: 3
            }
        }
    }

    /// By `Suite/test`, with and without the module prefix of the class name.
    public private(set) var outcomes: [String: Outcome] = [:]
    /// Tests whose xUnit name is a Swift Testing function's (`total()`), by `Suite/test`.
    private var swiftTestingKeys: Set<String> = []
    /// What Swift Testing printed, by function name alone: it does not print the suite, so a
    /// name that ended otherwise anywhere is not taken as a pass. It confirms a pass of its
    /// xUnit file only.
    private var printedSwiftTesting: [String: Outcome] = [:]

    public init() {}

    /// Adds the results of an xUnit file; returns how many test cases it held.
    @discardableResult
    public mutating func merge(xunit data: Data) throws -> Int {
        let file: XUnitReader.File
        do {
            file = try XUnitReader.file(String(decoding: data, as: UTF8.self))
        } catch let cut as XUnitReader.CutOff {
            throw TraceabilityError(
                message: "the file is cut off before the end of its <testsuite> (after \(cut.cases) "
                    + "test case\(cut.cases == 1 ? "" : "s")): the test process probably crashed before it finished writing, "
                    + "so the results of the tests after that are missing; see the output of `swift test` for the crash and run the "
                    + "tests again")
        } catch {
            throw TraceabilityError(message: "not xUnit XML: \(error)")
        }
        for testCase in file.cases {
            let (suite, test) = (testCase.suite, testCase.test)
            let outcome = testCase.outcome == .passed && file.writtenBySwiftTest ? .unconfirmed : testCase.outcome
            let plainSuite = suite.split(separator: ".").last.map(String.init) ?? suite
            var plainTest = test
            if let paren = plainTest.firstIndex(of: "(") { plainTest = String(plainTest[..<paren]) }
            for key in ["\(plainSuite)/\(plainTest)", "\(suite)/\(plainTest)"] {
                record(outcome, at: key)
                if test.hasSuffix(")") { swiftTestingKeys.insert(key) }
            }
        }
        return file.cases.count
    }

    /// Adds what `swift test` printed; returns how many test results it held.
    @discardableResult
    public mutating func merge(testOutput text: String) -> Int {
        let lines = TestOutputReader.lines(in: text)
        for line in lines {
            switch line.test {
            case .xctest(let suite, let test):
                let plainSuite = suite.split(separator: ".").last.map(String.init) ?? suite
                for key in Set(["\(plainSuite)/\(test)", "\(suite)/\(test)"]) { record(line.outcome, at: key) }
            case .swiftTesting(let function):
                // Several suites may hold a function of this name: any that did not pass counts.
                let outcome: Outcome
                switch printedSwiftTesting[function] {
                case nil, .passed?: outcome = line.outcome
                case let known?: outcome = line.outcome == .failed ? .failed : known
                }
                printedSwiftTesting[function] = outcome
            }
        }
        return lines.count
    }

    private mutating func record(_ outcome: Outcome, at key: String) {
        if let known = outcomes[key], known.rank >= outcome.rank { return }
        outcomes[key] = outcome
    }

    /// The test's outcome: the strongest of its results with and without its module (Linux's
    /// XCTest prints no module), a pass of Swift Testing's xUnit file confirmed by its output.
    public func outcome(for test: TestIdentifier) -> Outcome? {
        var keys = ["\(test.suite)/\(test.test)"]
        if let module = test.module { keys.append("\(module).\(test.suite)/\(test.test)") }
        let known = keys.compactMap { key in outcomes[key].map { (key, $0) } }
        guard let (key, outcome) = known.max(by: { $0.1.rank < $1.1.rank }) else { return nil }
        guard outcome == .unconfirmed, swiftTestingKeys.contains(key), let printed = printedSwiftTesting[test.test]
        else {
            return outcome
        }
        return printed
    }

    public var isEmpty: Bool { outcomes.isEmpty && printedSwiftTesting.isEmpty }
}

public struct TraceabilityError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
