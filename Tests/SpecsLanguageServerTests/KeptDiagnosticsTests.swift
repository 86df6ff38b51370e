import Foundation
import XCTest

@testable import SpecsLanguageServer
@testable import SpecsRunner

final class KeptDiagnosticsTests: XCTestCase {
    /// Messages a step's text can put in a diagnostic, the line's own key among them.
    private static let messages = [
        "Undefined step: no step definition matches 'the \"line\":-1 is read'",
        #"a "quoted" \"line\":-1 and a backslash \ and a line feed"# + "\n" + "end",
        "\"line\":-1",
        "plain",
        "😀 émoji \t tab",
    ]

    private func change(_ startLine: Int, _ endLine: Int, _ text: String) -> TextChange {
        TextChange(
            range: TextRange(
                start: Position(line: startLine, character: 0), end: Position(line: endLine, character: 0)),
            text: text)
    }

    /// The diagnostics kept after seeded edits, written as one list, are the diagnostics a
    /// fresh encoding writes at their new lines (the lines an edit replaced dropped, those
    /// below it moved): keeping them written does not change what is published.
    func test_list_afterSeededEdits_equalsTheDiagnosticsWrittenAtTheirNewLines() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            var model: [(line: Int, diagnostic: [String: Any])] = (0..<Int.random(in: 0...12, using: &generator)).map {
                _ in
                let line = Int.random(in: 1...60, using: &generator)
                let diagnostic = FeatureAnalysis.diagnostic(
                    line: line, column: Int.random(in: 1...9, using: &generator), length: 4,
                    severity: Int.random(in: 1...2, using: &generator), code: "undefined",
                    message: Self.messages.randomElement(using: &generator)!,
                    data: Bool.random(using: &generator) ? ["text": "\"line\":-1", "table": false] : nil)
                return (line - 1, diagnostic)
            }
            var kept = KeptDiagnostics(model.map(\.diagnostic))
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let first = Int.random(in: 0...60, using: &generator)
                let last = first + Int.random(in: 0...2, using: &generator)
                let added = Int.random(in: 0...3, using: &generator)
                let text = String(repeating: "  Given a step\n", count: added)
                XCTAssertTrue(kept.apply(change(first, last, text)))
                let delta = added - (last - first)
                model.removeAll { $0.line >= first && $0.line <= last }
                for index in model.indices where model[index].line > last { model[index].line += delta }
            }
            let written = try JSONSerialization.jsonObject(with: Data(kept.list().bytes)) as? NSArray
            let expected = model.map { Self.placed($0.diagnostic, on: $0.line) }
            XCTAssertEqual(written, expected as NSArray)
        }
    }

    /// The notes come first and the diagnostics of the steps typed since last, around the kept ones.
    func test_list_notesAndTyped_placedAroundTheKept() throws {
        let kept = KeptDiagnostics([
            FeatureAnalysis.diagnostic(line: 3, column: 5, severity: 2, code: "undefined", message: "kept")
        ])
        let note = FeatureAnalysis.diagnostic(line: 1, column: 1, severity: 3, code: "stale", message: "note")
        let typed = FeatureAnalysis.diagnostic(line: 9, column: 5, severity: 2, code: "undefined", message: "typed")
        let written = try JSONSerialization.jsonObject(with: Data(kept.list(notes: [note], adding: [typed]).bytes))
        let messages = (written as? [[String: Any]])?.map { $0["message"] as? String }
        XCTAssertEqual(messages, ["note", "kept", "typed"])
        XCTAssertEqual(String(decoding: KeptDiagnostics([]).list().bytes, as: UTF8.self), "[]")
        // Among the steps' own, in line order, after the others (as the full check writes them).
        let mixed = KeptDiagnostics([
            FeatureAnalysis.diagnostic(line: 20, column: 1, severity: 2, code: "trailing-whitespace", message: "lint"),
            FeatureAnalysis.diagnostic(line: 2, column: 5, severity: 2, code: "undefined", message: "step 2"),
            FeatureAnalysis.diagnostic(line: 10, column: 5, severity: 1, code: "ambiguous", message: "step 10"),
        ])
        let typedAt = { (line: Int) in
            FeatureAnalysis.diagnostic(line: line, column: 5, severity: 2, code: "undefined", message: "typed \(line)")
        }
        let merged = try JSONSerialization.jsonObject(
            with: Data(mixed.list(adding: [typedAt(1), typedAt(5), typedAt(30)]).bytes))
        XCTAssertEqual(
            (merged as? [[String: Any]])?.map { $0["message"] as? String },
            ["lint", "typed 1", "step 2", "typed 5", "step 10", "typed 30"])
    }

    /// A document whose last check found many diagnostics publishes them after a settled pause,
    /// not at every keystroke's; one with few at once, as an edit's check starts.
    func test_publishDelay_manyDiagnostics_waitsForASettledPause() {
        func document(keeping count: Int) -> OpenDocument {
            var document = OpenDocument(text: "Feature: F\n")
            document.kept = KeptDiagnostics(
                (0..<count).map {
                    FeatureAnalysis.diagnostic(line: $0 + 1, column: 5, severity: 2, code: "undefined", message: "u")
                })
            return document
        }
        XCTAssertEqual(LanguageServer.publishDelay(OpenDocument(text: "")), LanguageServer.checkDelay)
        XCTAssertEqual(
            LanguageServer.publishDelay(document(keeping: LanguageServer.manyDiagnostics)), LanguageServer.checkDelay)
        XCTAssertEqual(
            LanguageServer.publishDelay(document(keeping: LanguageServer.manyDiagnostics + 1)),
            LanguageServer.settledDelay)
        XCTAssertGreaterThan(LanguageServer.settledDelay, LanguageServer.checkDelay * 10)
    }

    /// The "did you mean" of a text is found once, across checks, a text with none too.
    func test_note_textAskedAgain_madeOnce() {
        let memo = SuggestionMemo()
        var made: [String] = []
        for text in ["a", "b", "a", "a", "b"] {
            let note = memo.note(for: text) {
                made.append($0)
                return $0 == "a" ? "Did you mean: a?" : nil
            }
            XCTAssertEqual(note, text == "a" ? "Did you mean: a?" : nil)
        }
        XCTAssertEqual(made, ["a", "b"])
    }

    private static func placed(_ diagnostic: [String: Any], on line: Int) -> [String: Any] {
        var range = diagnostic["range"] as! [String: Any]
        for end in ["start", "end"] {
            var position = range[end] as! [String: Any]
            position["line"] = line
            range[end] = position
        }
        var placed = diagnostic
        placed["range"] = range
        return placed
    }
}
