import Foundation
import XCTest

/// The quick fix that defines an undefined step, against the Swift file as it is on disk:
/// written on the registry as the definitions there call it, and never written twice: a
/// definition saved and not built is said to need a build, in the action and at the step.
final class LanguageServerQuickFixTests: LanguageServerCase {
    /// A Swift file as the fixture's scratch definitions say it is (25 definitions at lines 10
    /// to 34), its registry named `registry`, and `extra` lines after the definitions.
    private func stepsFile(registry: String, extra: [String] = []) -> String {
        var lines = [
            "import SpecsRunner", "", "final class World {", "    var count = 0", "    var total = 0", "}", "",
        ]
        lines += ["@MainActor", "func register(_ \(registry): inout StepRegistry<World>) {"]
        lines += (0..<25).map { "    \(registry).given(\"a scratch step \($0)\") { _ in }" }
        lines += extra + ["}", ""]
        return lines.joined(separator: "\n")
    }

    private func session(registry: String) throws -> Session {
        try project.write("Sources/Steps/Steps.swift", stepsFile(registry: registry))
        let swift = project.root.appendingPathComponent("Sources/Steps/Steps.swift")
        return try start(environment: ["SPECS_FIXTURE_STEPS_FILE": swift.path])
    }

    /// The undefined steps' diagnostics of the document at `path`, once checked.
    private func undefined(_ session: Session, _ path: String) throws -> [[String: Any]] {
        var diagnostics = try session.diagnostics(uri(path))
        while !diagnostics.contains(where: { $0["code"] as? String == "undefined" }) {
            diagnostics = try session.diagnostics(uri(path))
        }
        return diagnostics.filter { $0["code"] as? String == "undefined" }
    }

    private func actions(_ session: Session, _ path: String, _ diagnostics: [[String: Any]]) throws -> [[String: Any]] {
        let reply = try session.response(
            try session.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": uri(path)], "range": diagnostics[0]["range"] ?? [:],
                    "context": ["diagnostics": diagnostics],
                ]))
        return try XCTUnwrap(reply["result"] as? [[String: Any]], "\(reply)")
    }

    private static func newTexts(_ action: [String: Any]) -> [String] {
        let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
        return changes.values.flatMap { $0.compactMap { $0["newText"] as? String } }
    }

    func test_codeAction_registryNamedOtherThanSteps_callsItAsTheDefinitionsDo() throws {
        let session = try session(registry: "registry")
        let path = "Features/fix.feature"
        try open(
            session, path, "Feature: Fix\n\n  Scenario: s\n    Given a scratch step 5\n    Then the customer smiles\n")
        let action = try XCTUnwrap(try actions(session, path, try undefined(session, path)).first)
        let written = Self.newTexts(action)
        XCTAssertEqual(written.count, 1, "\(action)")
        XCTAssertTrue(
            written.first?.hasPrefix(#"    registry.then("the customer smiles") { world in"#) == true, "\(written)")
        try stop(session)
    }

    func test_codeAction_definitionSavedNotBuilt_isNotOfferedAgain() throws {
        let session = try session(registry: "steps")
        let path = "Features/apples.feature"
        try open(
            session, path,
            "Feature: Apples\n\n  Scenario: s\n    Given the user has 3 apples\n    And the user has 5 apples\n")
        let diagnostics = try undefined(session, path)
        XCTAssertEqual(diagnostics.count, 2, "\(diagnostics)")
        // Both steps at once: one definition, written once.
        let both = try actions(session, path, diagnostics)
        XCTAssertEqual(both.count, 1, "\(both)")
        let written = try XCTUnwrap(Self.newTexts(both[0]).first, "\(both)")
        XCTAssertTrue(written.hasPrefix(#"    steps.given("the user has {int} apples")"#), written)
        // The fix applied and saved, the runner not built again: the other step is undefined
        // still, and its fix would write the same definition a second time.
        try project.write(
            "Sources/Steps/Steps.swift",
            stepsFile(registry: "steps", extra: written.split(separator: "\n").map(String.init)))
        let again = try actions(session, path, [diagnostics[1]])
        XCTAssertEqual(again.count, 1, "\(again)")
        XCTAssertEqual(Self.newTexts(again[0]), [], "no second definition: \(again)")
        let reason = (again[0]["disabled"] as? [String: Any])?["reason"] as? String ?? ""
        XCTAssertTrue(reason.contains("Steps.swift defines \"the user has {int} apples\" already"), reason)
        XCTAssertTrue(reason.contains("build again (swift build)"), reason)
        // The step's diagnostic says so too, once the server sees the file newer than the runner.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)],
            ofItemAtPath: project.root.appendingPathComponent("Sources/Steps/Steps.swift").path)
        var messages: [String] = []
        while !messages.contains(where: { $0.contains("defines \"the user has {int} apples\" already") }) {
            messages = try session.diagnostics(uri(path)).filter { $0["code"] as? String == "undefined" }
                .compactMap { $0["message"] as? String }
        }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.allSatisfy { $0.contains("build again (swift build)") }, "\(messages)")
        try stop(session)
    }

    func test_codeAction_expressionInACommentOrOnAnotherObject_isOfferedStill() throws {
        let session = try session(registry: "steps")
        let path = "Features/apples.feature"
        try open(session, path, "Feature: Apples\n\n  Scenario: s\n    Given the user has 3 apples\n")
        let diagnostics = try undefined(session, path)
        try project.write(
            "Sources/Steps/Steps.swift",
            stepsFile(
                registry: "steps",
                extra: [
                    #"    // TODO: steps.given("the user has {int} apples") { world, int in }"#,
                    #"    other.given("the user has {int} apples") { _, _ in }"#,
                ]))
        let offered = try actions(session, path, diagnostics)
        XCTAssertEqual(offered.count, 1, "\(offered)")
        XCTAssertNil(offered[0]["disabled"], "\(offered)")
        XCTAssertTrue(
            Self.newTexts(offered[0]).first?.hasPrefix(#"    steps.given("the user has {int} apples")"#) == true,
            "\(offered)")
        try stop(session)
    }

    func test_codeAction_definitionInASwiftFileOlderThanTheRunner_isOfferedAgain() throws {
        let session = try session(registry: "steps")
        let path = "Features/apples.feature"
        try open(session, path, "Feature: Apples\n\n  Scenario: s\n    Given the user has 3 apples\n")
        let diagnostics = try undefined(session, path)
        let swift = "Sources/Steps/Steps.swift"
        try project.write(
            swift, stepsFile(registry: "steps", extra: [#"    steps.given("the user has {int} apples") { _, _ in }"#]))
        XCTAssertNotNil(try actions(session, path, diagnostics).first?["disabled"], "saved after the runner was built")
        // The runner built after the file: the definition it has is no definition of this step.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-86_400)],
            ofItemAtPath: project.root.appendingPathComponent(swift).path)
        let offered = try actions(session, path, diagnostics)
        XCTAssertEqual(offered.count, 1, "\(offered)")
        XCTAssertNil(offered[0]["disabled"], "\(offered)")
        XCTAssertEqual(Self.newTexts(offered[0]).count, 1, "\(offered)")
        try stop(session)
    }

    func test_codeAction_registryNamedWithBackticks_callsItWithTheBackticks() throws {
        let session = try session(registry: "`default`")
        let path = "Features/fix.feature"
        try open(session, path, "Feature: Fix\n\n  Scenario: s\n    Then the customer smiles\n")
        let action = try XCTUnwrap(try actions(session, path, try undefined(session, path)).first)
        XCTAssertTrue(
            Self.newTexts(action).first?.hasPrefix(#"    `default`.then("the customer smiles") { world in"#) == true,
            "\(action)")
        try stop(session)
    }
}
