/// Writes a scenario tree as Swift Testing suites and tests.
enum SuiteWriter {
    /// `source` names the file's feature file.
    static func suite(_ tree: ScenarioTree, indent: String, source: String) -> String {
        switch tree {
        case .suite(let name, let children):
            let inner = children.map { suite($0, indent: indent + "    ", source: source) }.joined(separator: "\n")
            return "\(indent)@Suite struct \(name.identifier) {\n\(inner)\(indent)}\n"
        case .test(let name, let line, let tags):
            return """
                \(indent)@Test(.scenario(\(source), line: \(line), tags: \(SwiftLiteral.array(tags))))
                \(indent)func \(name.identifier)() async throws {
                \(indent)    try await ScenarioTests.run(ScenarioTests.registry, \(source), line: \(line))
                \(indent)}

                """
        }
    }

    /// A test that fails with the file's parse or read errors, at their lines.
    static func problemTest(_ name: TestName, indent: String, source: String) -> String {
        """
        \(indent)@Test func \(name.identifier)() {
        \(indent)    ScenarioTests.reportProblems(\(source))
        \(indent)}

        """
    }
}
