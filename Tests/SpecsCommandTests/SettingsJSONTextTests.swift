import Foundation
import XCTest

/// JSON that Foundation refuses with its own sentence (`NSCocoaErrorDomain Code=3840`) is told
/// at its line and column in the project's words, alike in `specs.json` and `.specs-lint.json`,
/// through the real executable.
final class SettingsJSONTextTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-settings-text")
        try project.write("Features/a.feature", "Feature: A\n  Scenario: s\n    Given a step that passes\n")
    }

    override func tearDown() {
        project.remove()
    }

    private func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: project.root.appendingPathComponent(name))
    }

    /// Texts Foundation refuses, each with the error it is told as after `FILE:`.
    private let refused: [([UInt8], String)] = [
        (
            Array(#"{"default":{"tags":"a"#.utf8) + [0xFF] + Array(#""}}"#.utf8),
            "1:22: error: the byte 0xFF is not UTF-8 text"
        ),
        (
            Array(#"{"default":{"tags":"\ud800"}}"#.utf8),
            "1:21: error: a lone surrogate \\ud800 is not a character (a pair is, as \\ud83d\\ude00)"
        ),
        (Array(#"{"default":{"timeout":1e400}}"#.utf8), "1:23: error: the number 1e400 is out of range"),
        (
            Array(String(repeating: "[", count: 10_000).utf8),
            "1:257: error: nesting deeper than 256 levels is refused"
        ),
    ]

    func test_run_specsJSONFoundationRefuses_isAnErrorAtItsPlace() throws {
        for (bytes, expected) in refused {
            try write("specs.json", bytes)
            let run = try ExecutableRun.run("misbehaving-specs", [], in: project.root)
            XCTAssertEqual(run.code, 2, expected + run.out)
            XCTAssertEqual(run.err, "specs.json:\(expected)\n")
        }
    }

    func test_lint_specsLintJSONFoundationRefuses_isAnErrorAtItsPlace() throws {
        let lint: [([UInt8], String)] = [
            (Array("null".utf8), "1:1: error: the file is not a JSON object"),
            (
                Array(#"{"rules":{"scenario-size":{"max":1e400}}}"#.utf8),
                "1:34: error: the number 1e400 is out of range"
            ),
            (Array(#"{"rules":{"\ud800":"off"}}"#.utf8), "1:12: error: a lone surrogate \\ud800 is not a character"),
            ([0x7B, 0xC3, 0x28, 0x7D], "1:2: error: the byte 0xC3 is not UTF-8 text"),
            (Array(String(repeating: "{\"a\":", count: 10_000).utf8), "1:1281: error: nesting deeper than 256"),
        ]
        for (bytes, expected) in lint {
            try write(".specs-lint.json", bytes)
            let run = try ExecutableRun.run("specs", ["lint", "Features"], in: project.root)
            XCTAssertEqual(run.code, 2, expected + run.out)
            XCTAssertTrue(run.err.hasPrefix(".specs-lint.json:\(expected)"), run.err)
            XCTAssertFalse(run.err.contains("NSCocoaErrorDomain"), run.err)
        }
    }

    func test_lint_specsLintJSONUnknownKey_isAnErrorAtTheKeyWithTheNearest() throws {
        try project.write(".specs-lint.json", "{\n  \"rulez\": {}\n}\n")
        let run = try ExecutableRun.run("specs", ["lint", "Features"], in: project.root)
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, ".specs-lint.json:2:3: error: unknown key 'rulez'; did you mean 'rules'?\n")
    }

    func test_run_specsJSONWithByteOrderMark_isRead() throws {
        try write("specs.json", [0xEF, 0xBB, 0xBF] + Array(#"{"default":{"tags":"@nothing"}}"#.utf8))
        let run = try ExecutableRun.run("misbehaving-specs", [], in: project.root)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertFalse(run.err.contains("error:"), run.err)
    }

    func test_run_profileNotAnObject_saysAProfileTakesAnObject() throws {
        try project.write("specs.json", #"{"profiles":{"ci":3}}"#)
        let run = try ExecutableRun.run("misbehaving-specs", ["--profile", "ci"], in: project.root)
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "specs.json:1:14: error: 'ci' takes an object of options by name\n")
    }
}
