/// Writes a scenario tree in the compact form: the suites as empty types, each test as a
/// function that hands Swift Testing the scenario's test (`ScenarioTests.store`), and the
/// test content records that point at those functions, which is what the `@Test` macro
/// expands to, without a macro expansion per scenario. An edit then costs what it
/// changes: the module's interface holds one function signature per scenario, not the
/// declarations of an expansion, so the build's module job stays cheap as suites grow.
enum CompactWriter {
    /// The toolchains whose Swift Testing the compact form was built and checked against:
    /// every other builds the `@Test` form. `SPECS_SCENARIO_TEST_MACROS` (a define of the
    /// test target) asks for the `@Test` form anywhere.
    static let condition = "compiler(>=6.3) && compiler(<6.4) && os(Linux) && !SPECS_SCENARIO_TEST_MACROS"

    /// The define that leaves the records out (see `write`).
    static let droppedRecordsFlag = "SPECS_DROP_SCENARIO_TEST_RECORDS"

    /// Records per tuple: a file's records are laid out as tuples of records, which the
    /// section holds one after another as it holds records declared one by one.
    static let recordsPerTuple = 64

    /// `source` names the file's feature file; `suffix` makes the file's own names its own
    /// (`scenario12_5d2c0a1f`): a name declared in several files, even privately, makes each
    /// file that uses it depend on all of them, and adding a file recompile them.
    static func write(_ tree: ScenarioTree, source: String, suffix: String) -> String {
        var tests: [Test] = []
        let types = declareTypes(tree, path: "Features", indent: "    ", tests: &tests)
        let accessors = tests.map { accessor($0, source: source, suffix: suffix) }
        // `SPECS_DROP_SCENARIO_TEST_RECORDS` builds the tests without their records, as a Swift
        // Testing that reads records another way would see them: nothing. It exists to check
        // that the `Features` suite's count then fails the run (Scripts/check-scenario-tests.sh).
        let dropped = ["#if !\(droppedRecordsFlag)"] + records(tests, suffix: suffix) + ["#endif"]
        return (["extension Features {", types + "}", ""] + accessors + dropped).joined(separator: "\n") + "\n"
    }

    /// A test: its suite's Swift path, its name, its scenario's line and tags.
    private typealias Test = (path: String, name: TestName, line: Int, tags: [String])

    /// The function a record points at: it hands Swift Testing the test of `test`.
    private static func accessor(_ test: Test, source: String, suffix: String) -> String {
        let call =
            "ScenarioTests.store(\(SwiftLiteral.string(test.name.text)), in: \(test.path).self, "
            + "tags: \(SwiftLiteral.array(test.tags)), \(source), line: \(test.line), into: value, asTypeAt: type)"
        return """
            @Sendable private func \(function(test.line, suffix))(
                _ value: UnsafeMutableRawPointer, _ type: UnsafeRawPointer, _: UnsafeRawPointer?, _: UInt
            ) -> CBool {
                \(call) {
                    try await ScenarioTests.run(ScenarioTests.registry, \(source), line: \(test.line))
                }
            }

            """
    }

    /// The tests' records, in tuples of `recordsPerTuple`.
    private static func records(_ tests: [Test], suffix: String) -> [String] {
        stride(from: 0, to: tests.count, by: recordsPerTuple).enumerated().flatMap { index, start in
            let records = tests[start..<min(start + recordsPerTuple, tests.count)].map {
                "(0x7465_7374, 0, \(function($0.line, suffix)), 0, 0)"
            }
            let name = "scenarioRecords\(index)_\(suffix)"
            // One record is a record, not a tuple of one.
            guard records.count > 1 else {
                return [
                    "@section(\"swift5_tests\") @used",
                    "private let \(name): Testing.__TestContentRecord = \(records[0])",
                ]
            }
            let type = Array(repeating: "Testing.__TestContentRecord", count: records.count).joined(separator: ", ")
            return [
                "@section(\"swift5_tests\") @used", "private let \(name): (\(type)) = (",
                records.map { "    " + $0 }.joined(separator: ",\n"), ")",
            ]
        }
    }

    /// The accessor of the test at `line`: lines tell a file's tests apart.
    private static func function(_ line: Int, _ suffix: String) -> String { "scenario\(line)_\(suffix)" }

    /// The suites as empty types nested as in the tree; collects each test with its suite's path.
    private static func declareTypes(_ tree: ScenarioTree, path: String, indent: String, tests: inout [Test]) -> String
    {
        switch tree {
        case .suite(let name, let children):
            let inner = path + "." + name.identifier
            let body = children.map { declareTypes($0, path: inner, indent: indent + "    ", tests: &tests) }.joined()
            return body.isEmpty
                ? "\(indent)enum \(name.identifier) {}\n" : "\(indent)enum \(name.identifier) {\n\(body)\(indent)}\n"
        case .test(let name, let line, let tags):
            tests.append((path, name, line, tags))
            return ""
        }
    }
}
