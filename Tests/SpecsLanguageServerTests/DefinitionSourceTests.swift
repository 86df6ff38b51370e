import XCTest

@testable import SpecsLanguageServer

/// The quick fix reads the Swift file as it is: the registry the definitions are called on,
/// and the expression a snippet would write, to find it there already.
final class DefinitionSourceTests: XCTestCase {
    func test_receiver_definitionCalls_isTheNameTheCallIsMadeOn() {
        XCTAssertEqual(DefinitionSource.receiver(in: #"        registry.given("a step") { _ in }"#), "registry")
        XCTAssertEqual(DefinitionSource.receiver(in: #"    r2.when(regex: "^x$") { _ in }"#), "r2")
        XCTAssertEqual(DefinitionSource.receiver(in: #"    steps.then("a step") { _ in }"#), "steps")
        XCTAssertNil(DefinitionSource.receiver(in: "    let total = 3"))
        // In an extension of StepRegistry, definitions are called on `self`, with no name.
        XCTAssertEqual(DefinitionSource.receiver(in: #"        given("a step") { _ in }"#), "")
        XCTAssertEqual(DefinitionSource.receiver(in: "\twhen(regex: \"^x$\") { _ in }"), "")
        XCTAssertNil(DefinitionSource.receiver(in: "    forgiven(x)"))
    }

    func test_calling_definitionsCalledOnSelf_writesTheCallWithNoName() {
        let snippet = "steps.given(\"a cart\") { world in\n    throw Pending()\n}"
        XCTAssertEqual(DefinitionSource.calling("", snippet), "given(\"a cart\") { world in\n    throw Pending()\n}")
        let source = DefinitionSource.Unbuilt(
            name: "LoginSteps.swift", text: "        given(\"a cart\") { world in", registry: "")
        XCTAssertNotNil(DefinitionSource.unbuiltNote(snippet: "given(\"a cart\") { world in", in: [source]))
        XCTAssertFalse(DefinitionSource.registers("\"a cart\"", on: "", in: "    forgiven(\"a cart\")"))
    }

    func test_calling_anotherRegistryName_replacesStepsAtTheStartOnly() {
        let snippet = "steps.given(\"the steps. are {int}\") { (world, int1: Int) in\n    throw Pending()\n}"
        XCTAssertEqual(
            DefinitionSource.calling("registry", snippet),
            "registry.given(\"the steps. are {int}\") { (world, int1: Int) in\n    throw Pending()\n}")
        XCTAssertEqual(DefinitionSource.calling(nil, snippet), snippet)
        XCTAssertEqual(DefinitionSource.calling("steps", snippet), snippet)
    }

    func test_expressionLiteral_escapedQuotesAndBraces_isTheQuotedExpressionAsWritten() {
        XCTAssertEqual(
            DefinitionSource.expressionLiteral(of: "registry.then(\"text with {string} \\\") {\") { world in\n}"),
            "\"text with {string} \\\") {\"")
        XCTAssertEqual(
            DefinitionSource.expressionLiteral(
                of: "steps.given(\"the user has {int} apples\") { (world, int1: Int) in"),
            "\"the user has {int} apples\"")
        XCTAssertNil(DefinitionSource.expressionLiteral(of: "not a snippet"))
    }

    func test_unbuiltNote_expressionInASavedFile_namesTheFileAndSaysToBuild() {
        let source = DefinitionSource.Unbuilt(
            name: "Steps.swift", text: "    steps.given(\"the user has {int} apples\") { (world, int1: Int) in")
        let note = DefinitionSource.unbuiltNote(
            snippet: "steps.given(\"the user has {int} apples\") { (world, int1: Int) in", in: [source])
        XCTAssertEqual(
            note,
            "Steps.swift defines \"the user has {int} apples\" already, but this runner was built before it: "
                + "build again (swift build); the server takes the new runner up by itself.")
        XCTAssertNil(
            DefinitionSource.unbuiltNote(snippet: "steps.given(\"the user has apples\") { world in", in: [source]))
    }

    func test_receiver_nameWithBackticks_keepsTheBackticks() {
        XCTAssertEqual(DefinitionSource.receiver(in: #"    `default`.given("a step") { _ in }"#), "`default`")
        XCTAssertEqual(
            DefinitionSource.calling("`default`", "steps.given(\"x\") { world in"), "`default`.given(\"x\") { world in")
    }

    func test_unbuiltNote_expressionInACommentOrOnAnotherObject_isNoNote() {
        let snippet = "steps.given(\"the user has {int} apples\") { (world, int1: Int) in"
        for text in [
            "    // TODO: steps.given(\"the user has {int} apples\") { world, int in }",
            "    /* steps.given(\"the user has {int} apples\")\n /* nested */ */",
            "    other.given(\"the user has {int} apples\") { _, _ in }",
            "    mysteps.given(\"the user has {int} apples\") { _, _ in }",
            "    let note = \"steps.given(\\\"the user has {int} apples\\\")\"",
        ] {
            XCTAssertNil(DefinitionSource.unbuiltNote(snippet: snippet, in: [.init(name: "S.swift", text: text)]), text)
        }
    }

    func test_unbuiltNote_registrationOnTheRegistryAsWritten_isANote() {
        let snippet = "steps.given(\"the user has {int} apples\") { (world, int1: Int) in"
        for (registry, text) in [
            (
                "steps",
                "    let url = \"http://x\" // a comment\n    steps.given(\n        \"the user has {int} apples\"\n    ) { _, _ in }"
            ),
            ("steps", "    steps.when(#\"the user has {int} apples\"#) { _, _ in }"),
            ("`default`", "    `default`.given(\"the user has {int} apples\") { _, _ in }"),
        ] {
            XCTAssertNotNil(
                DefinitionSource.unbuiltNote(
                    snippet: snippet, in: [.init(name: "S.swift", text: text, registry: registry)]), text)
        }
    }
}
