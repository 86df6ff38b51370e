import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

final class RunHookFailureWordsTests: XCTestCase {
    private func hook(_ name: String?, type: HookMessage.HookType = .beforeTestRun) -> HookMessage {
        HookMessage(
            id: "h", name: name,
            sourceReference: SourceReference(uri: "Sources/Steps.swift", location: Location(line: 12)),
            type: type)
    }

    func test_words_namedOrUnnamedHookOrNone_readAsOneSentence() {
        XCTAssertEqual(
            RunHookFailure.words(hook("open the database"), message: "refused\nsecond line"),
            "'open the database' (Sources/Steps.swift:12, before the run) failed: refused")
        XCTAssertEqual(
            RunHookFailure.words(hook(nil, type: .afterTestRun), message: "refused"),
            "at Sources/Steps.swift:12 (after the run) failed: refused")
        XCTAssertEqual(RunHookFailure.words(nil, message: nil), "(before the run) failed")
    }

    func test_words_hookThatRanInAWorker_isNamedBeforeOrAfterEachWorker() {
        XCTAssertEqual(
            RunHookFailure.words(hook("open the database"), message: "refused", inWorker: true),
            "'open the database' (Sources/Steps.swift:12, before each worker) failed: refused")
        XCTAssertEqual(
            RunHookFailure.words(hook("close it", type: .afterTestRun), message: nil, inWorker: true),
            "'close it' (Sources/Steps.swift:12, after each worker) failed")
    }
}
