/// Reads what `swift test` printed, the one results source that tells a skipped test from
/// a passed one: XCTest's `Test Case 'CartTests.test_total' skipped (0.001 seconds)` lines
/// (`'-[ShopTests.CartTests test_total]'` on macOS) and Swift Testing's
/// `✔ Test total() passed`, `✘ … failed`, `➜ … skipped`, `➜ … was cancelled` lines.
/// XCTest prints a passed test's line when it runs serially, or with `--parallel --verbose`.
enum TestOutputReader {
    struct Line: Equatable {
        enum Test: Equatable {
            /// An XCTest: its class (with its module on macOS) and method.
            case xctest(suite: String, test: String)
            /// A Swift Testing test: Swift Testing prints its function's name, not its suite.
            case swiftTesting(function: String)
        }

        let test: Test
        let outcome: TestResults.Outcome
    }

    static func lines(in text: String) -> [Line] {
        text.split(whereSeparator: \.isNewline).compactMap { line in xctest(line) ?? swiftTesting(line) }
    }

    private static func xctest(_ line: Substring) -> Line? {
        guard let start = line.range(of: "Test Case '")?.upperBound,
            let end = line[start...].firstIndex(of: "'")
        else { return nil }
        let verb = line[line.index(after: end)...].drop { $0 == " " }.prefix { $0.isLetter }
        guard let outcome = TestResults.Outcome(rawValue: String(verb)), outcome != .unconfirmed else { return nil }
        var name = line[start..<end]
        if name.hasPrefix("-["), name.hasSuffix("]") {
            // macOS: -[Module.Suite test]
            let parts = name.dropFirst(2).dropLast().split(separator: " ")
            guard parts.count == 2 else { return nil }
            return Line(test: .xctest(suite: String(parts[0]), test: String(parts[1])), outcome: outcome)
        }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let test = name[name.index(after: dot)...]
        name = name[..<dot]
        return Line(test: .xctest(suite: String(name), test: String(test)), outcome: outcome)
    }

    private static func swiftTesting(_ line: Substring) -> Line? {
        // A symbol, a space, `Test `, the name, then what happened.
        guard let test = line.range(of: " Test "), line[..<test.lowerBound].count <= 2 else { return nil }
        let rest = line[test.upperBound...]
        let verbs: [(String, TestResults.Outcome)] = [
            (" passed", .passed), (" failed", .failed), (" skipped", .skipped), (" was cancelled", .skipped),
        ]
        for (verb, outcome) in verbs {
            guard let range = rest.range(of: verb) else { continue }
            let name = rest[..<range.lowerBound]
            guard let paren = name.firstIndex(of: "("), name.hasSuffix(")") else { return nil }
            return Line(test: .swiftTesting(function: String(name[..<paren])), outcome: outcome)
        }
        return nil
    }
}
