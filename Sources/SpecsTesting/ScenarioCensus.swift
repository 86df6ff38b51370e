import Locking

/// What Swift Testing made of the generated scenario tests in this test process: which
/// it discovered (built a test of, from a record or a macro, whatever the filter), which
/// a run included (after `--filter` and `--skip`) and which of those the tag selection
/// selected. Every target's `Features` suite reads it before its scenarios run.
struct ScenarioCensus: Sendable {
    /// A scenario test: its target, its feature file and its scenario's or row's line.
    struct Test: Sendable, Hashable {
        let module: String
        let path: String
        let line: Int
    }

    private(set) var discovered: Set<Test> = []
    private(set) var tags: Set<String> = []
    private(set) var included: Set<Test> = []
    private(set) var selected: Set<Test> = []

    static let shared = Locked(ScenarioCensus())

    /// Swift Testing built the test: its trait was made.
    mutating func discover(_ test: Test, tags: [String]) {
        discovered.insert(test)
        self.tags.formUnion(tags)
    }

    /// A run included the test and evaluated whether the tags select it.
    mutating func include(_ test: Test, selected isSelected: Bool) {
        included.insert(test)
        if isSelected { selected.insert(test) }
    }

    /// Why `module` cannot pass: Swift Testing discovered fewer of its scenario tests than
    /// were generated. Discovery does not depend on `--filter`, so a filtered run is judged alike.
    func discoveryProblem(module: String, generated: Int, form: ScenarioTests.Form) -> String? {
        let found = discovered.filter { $0.module == module }.count
        guard found < generated else { return nil }
        let counted =
            "\(module): Swift Testing discovered \(found) of the \(generated) scenario test\(generated == 1 ? "" : "s") "
            + "generated from its feature files, so \(generated - found == 1 ? "one scenario does" : "\(generated - found) scenarios do") not run."
        switch form {
        case .compact:
            return counted
                + " They are built in the compact form (test content records, Swift 6.3 on Linux), which this Swift Testing "
                + "does not read: a swift-testing package among the dependencies, or another release of it, finds tests "
                + "another way. Build the @Test form instead: `swift test -Xswiftc -DSPECS_SCENARIO_TEST_MACROS`, or "
                + "`swiftSettings: [.define(\"SPECS_SCENARIO_TEST_MACROS\")]` on the test target."
        case .macros:
            return counted
                + " They are built in the @Test form; build again (`swift build --build-tests`) so that the generated "
                + "tests match the feature files."
        }
    }

    /// Why the run cannot pass: it included scenario tests, a tag selection (`selection`, as
    /// the user wrote it) is set, and it selects none of them, which the command line fails
    /// as "no scenario was selected". Said once, by `module` when it is the first (by name)
    /// of the targets whose scenario tests the run included.
    func selectionProblem(module: String, selection: String?) -> String? {
        guard let selection, !included.isEmpty, selected.isEmpty,
            included.map(\.module).min() == module
        else { return nil }
        let count = included.count
        // Links to the tests that verify a scenario are tags too, but nobody selects by them.
        let inUse = tags.filter { !$0.hasPrefix("@xctest:") }.sorted()
        let known =
            inUse.isEmpty
            ? "no scenario has a tag"
            : "the scenarios' tags are " + inUse.prefix(12).joined(separator: ", ") + (inUse.count > 12 ? ", …" : "")
        return
            "no scenario was selected: \(selection) "
            + (count == 1 ? "does not select the one scenario test " : "selects none of the \(count) scenario tests ")
            + "this run includes (\(known)). `specs` fails the same selection; correct the tag expression, or unset it "
            + "to run every scenario."
    }
}

extension ScenarioTests {
    /// How the generated tests of a target are built: the compact form (test content records)
    /// or the `@Test` form. The generated `Features` suite says which, for its count check.
    /// For generated code only.
    @_documentation(visibility: internal)
    public enum Form: Sendable {
        /// A test content record and one small function per scenario (Swift 6.3 on Linux).
        case compact
        /// An `@Test` function per scenario, expanded by Swift Testing's macro.
        case macros
    }
}
