import Foundation
import XCTest

/// Input made to break the tools, through the real executable: an `.editorconfig` with braces
/// nested thousands deep or a glob of many stars, a Content-Length that is no length, a line
/// number on a folder, a message stream line that is not JSON. Each gets a clear answer and
/// an exit code, never a crash or a hang.
final class HostileInputTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-hostile")
        try scratch.write("Features/a.feature", "Feature: F\n  Scenario: S\n      Given x\n")
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String], timeout: Double = 120) throws -> ExecutableRun {
        try ExecutableRun.run("specs", arguments, in: project, timeout: timeout)
    }

    func test_formatLintAndLsp_editorconfigBracesNestedThousandsDeep_runAsWithoutIt() throws {
        let depth = 20_000
        let glob = String(repeating: "{", count: depth) + "a" + String(repeating: "}", count: depth)
        try scratch.write(".editorconfig", "root = true\n[\(glob)]\nindent_size = 4\n[*.feature]\nindent_size = 3\n")
        let lint = try run(["lint", "Features"])
        XCTAssertFalse(lint.signaled, lint.err)
        XCTAssertEqual(lint.code, 0, lint.err)
        XCTAssertTrue(lint.out.contains("a.feature:2:3: warning: Scenario indented by 2, expected 3"), lint.out)
        let format = try run(["format", "Features"])
        XCTAssertFalse(format.signaled, format.err)
        XCTAssertEqual(format.code, 0, format.err)
        XCTAssertEqual(try scratch.read("Features/a.feature"), "Feature: F\n\n   Scenario: S\n      Given x\n")
        let uri = project.appendingPathComponent("Features/a.feature").absoluteString
        let messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":"\#(project.absoluteString)"}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"gherkin","version":1,"text":"Feature: F\n  Scenario: S\n      Given x\n"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#,
        ]
        let lsp = try ExecutableRun.run(
            "specs", messages, in: project, timeout: 60,
            script: #"for m in "$@"; do printf 'Content-Length: %d\r\n\r\n%s' ${#m} "$m"; done | "$0" lsp"#)
        XCTAssertFalse(lsp.signaled, lsp.err)
        XCTAssertTrue(lsp.out.contains(#""newText":"#), lsp.out)
    }

    func test_lint_editorconfigGlobOfFortyStars_finishes() throws {
        try scratch.write(".editorconfig", "root = true\n[\(String(repeating: "*", count: 40))x]\nindent_size = 4\n")
        let lint = try run(["lint", "Features"], timeout: 60)
        XCTAssertEqual(lint.code, 0, lint.err)
        XCTAssertTrue(lint.out.contains("a.feature:3:7: warning:"), lint.out)
    }

    func test_lsp_contentLengthThatIsNoLength_isAnsweredAsMalformed() throws {
        for header in [
            "Content-Length: -5", "Content-Length: abc", "Content-Length: 0", "Content-Length: -0",
            "Content-Length: 99999999999999999999", "Content-Length: 9223372036854775807",
            "Content-Length: -9223372036854775808", "Content-Type: x",
        ] {
            let lsp = try ExecutableRun.run(
                "specs", [], in: project, timeout: 60, script: "printf '\(header)\\r\\n\\r\\n{}' | \"$0\" lsp")
            XCTAssertFalse(lsp.signaled, "\(header): \(lsp.err)")
            XCTAssertNotEqual(lsp.code, 132, "\(header): \(lsp.err)")
            XCTAssertTrue(lsp.out.contains("-32700"), "\(header): \(lsp.out) \(lsp.err)")
            XCTAssertFalse(lsp.err.contains("Fatal error"), "\(header): \(lsp.err)")
        }
    }

    func test_lsp_headerLinesEndedByALineFeedAlone_areAnswered() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ]
        for separator in [#"\n\n"#, #"\r\n\n"#] {
            let lsp = try ExecutableRun.run(
                "specs", messages, in: project, timeout: 60,
                script: #"for m in "$@"; do printf "Content-Length: %d\#(separator)%s" ${#m} "$m"; done | "$0" lsp"#)
            XCTAssertEqual(lsp.code, 0, lsp.err)
            XCTAssertTrue(lsp.out.contains(#""id":1"#) && lsp.out.contains("capabilities"), lsp.out + lsp.err)
            XCTAssertTrue(lsp.out.contains(#""id":2"#), lsp.out + lsp.err)
        }
    }

    func test_run_lineOnAFolder_isAUsageError() throws {
        let run = try run(["Features:3"])
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(
            run.err.contains("Features:3: error: a line selects a scenario in a feature file, not in a folder"), run.err
        )
        XCTAssertEqual(run.out, "", "a usage error runs nothing")
        let lint = try self.run(["lint", "Features:3"])
        XCTAssertEqual(lint.code, 2, lint.err)
        XCTAssertTrue(lint.err.contains("Features:3: error: a line selects"), lint.err)
    }

    func test_report_lineThatIsNotAnEnvelope_saysWhereAndWhatInWords() throws {
        let cases: [(String, String)] = [
            ("{not json\n", "m.ndjson:1:2: error: not a message envelope: expected a key in double quotes, found 'n'"),
            ("null\n", "m.ndjson:1: error: not a message envelope: not a JSON object naming one message"),
            ("[1,2]\n", "m.ndjson:1: error: not a message envelope: not a JSON object naming one message"),
            (#"{"a":1,"b":2}"# + "\n", "m.ndjson:1: error: not a message envelope: no message type it knows"),
            (#"{"testCaseStarted":{"id":"1"}}"# + "\n", "m.ndjson:1: error: not a message envelope: 'testCaseStarted."),
        ]
        for (text, expected) in cases {
            try scratch.write("m.ndjson", text)
            let report = try run(["report", "m.ndjson"])
            XCTAssertEqual(report.code, 2, report.err)
            XCTAssertTrue(report.err.hasPrefix(expected), "\(text): \(report.err)")
            XCTAssertFalse(report.err.contains("DecodingError"), report.err)
            XCTAssertFalse(report.err.contains("Debug description"), report.err)
        }
        try Data([0xFF, 0xFE, 0x0A]).write(to: project.appendingPathComponent("m.ndjson"))
        let bytes = try run(["report", "m.ndjson"])
        XCTAssertEqual(bytes.code, 2, bytes.err)
        XCTAssertEqual(bytes.err, "m.ndjson:1:1: error: not a message envelope: invalid UTF-8 (byte 0xFF)\n")
        try Data(#"{"testCaseStarted": "é"#.utf8 + [0xC3, 0x28, 0x22, 0x7D, 0x0A]).write(
            to: project.appendingPathComponent("m.ndjson"))
        let inString = try run(["report", "m.ndjson"])
        XCTAssertEqual(inString.err, "m.ndjson:1:23: error: not a message envelope: invalid UTF-8 (byte 0xC3)\n")
        try scratch.write("m.ndjson", "{not json\n")
        let shard = try run(["--shard", "1/2", "--shard-durations", "m.ndjson", "Features"])
        XCTAssertEqual(shard.code, 2, shard.err)
        XCTAssertTrue(shard.err.contains("--shard-durations m.ndjson:1:2: not a message envelope: "), shard.err)
        XCTAssertEqual(shard.err.components(separatedBy: "error:").count, 2, shard.err)
    }
}
