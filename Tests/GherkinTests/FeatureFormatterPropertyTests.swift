import ConformanceData
import Foundation
import Gherkin
import XCTest

/// `specs format` never changes what a file means, nor any character a person wrote: over a
/// large corpus of adversarial files (`AdversarialFeatures`), every file that parses formats
/// to one whose AST (locations aside, comments included but for the whitespace at their
/// ends, which is layout) and pickles equal the original's, whose text without layout
/// whitespace (`LayoutWhitespace.skeleton`) is the original's, that keeps its line ends,
/// byte order mark and language line, and that a second pass leaves as it is; with two
/// spaces, four or a tab a level.
final class FeatureFormatterPropertyTests: XCTestCase {
    private func parse(_ text: String) throws -> (document: GherkinDocument, pickles: [Pickle]) {
        try parseFeature(text)
    }
    private func shape(_ value: some Encodable) throws -> String { try shapeWithoutLocations(value) }

    /// The first `# language:` line among the blank (Unicode whitespace alone) and comment
    /// lines that open a text.
    private func languageLine(_ text: String) -> String? {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if LanguageComment.isBlank(line) { continue }
            guard LanguageComment.isComment(line) else { return nil }
            if LanguageComment.language(inLine: line) != nil { return String(line) }
        }
        return nil
    }

    private func crlfLines(_ text: String) -> (crlf: Int, lf: Int) {
        var crlf = 0
        var lf = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A { if previous == 0x0D { crlf += 1 } else { lf += 1 } }
            previous = byte
        }
        return (crlf, lf)
    }

    /// The problem with formatting `original`, if any; nil for a file that keeps its meaning.
    private func problem(
        formatting original: String, with formatter: FeatureFormatter = FeatureFormatter()
    ) throws
        -> String?
    {
        let byteOrderMark = original.unicodeScalars.first == "\u{FEFF}"
        let source = byteOrderMark ? String(original.unicodeScalars.dropFirst()) : original
        let before = try parse(source)
        let formatted = formatter.format(before.document, source: source, byteOrderMark: byteOrderMark)
        guard (formatted.unicodeScalars.first == "\u{FEFF}") == byteOrderMark else {
            return "the byte order mark changed"
        }
        let text = byteOrderMark ? String(formatted.unicodeScalars.dropFirst()) : formatted
        let after: (document: GherkinDocument, pickles: [Pickle])
        do { after = try parse(text) } catch { return "the formatted file does not parse: \(error)" }
        // Whitespace at a comment's end is layout: the formatter removes it.
        if try shape(trimmingCommentEnds(after.document)) != shape(trimmingCommentEnds(before.document)) {
            return "the AST changed"
        }
        let written = LayoutWhitespace.skeleton(source)
        let kept = LayoutWhitespace.skeleton(text)
        if written != kept {
            let index =
                zip(written, kept).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(written.count, kept.count)
            let was = index < written.count ? written[index] : "(nothing)"
            let now = index < kept.count ? kept[index] : "(nothing)"
            return
                "a character beyond layout whitespace changed: \(was.debugDescription) became \(now.debugDescription)"
        }
        if try shape(after.pickles) != shape(before.pickles) { return "the pickles changed" }
        if languageLine(source).map(trimmingEnd) != languageLine(text).map(trimmingEnd) {
            return "the language line changed"
        }
        let (crlf, lf) = crlfLines(source)
        let ends = crlfLines(text)
        if crlf > lf && ends.lf > 0 { return "CRLF line ends became LF" }
        if lf >= crlf && lf > 0 && ends.crlf > 0 { return "LF line ends became CRLF" }
        let twice = formatter.format(after.document, source: text, byteOrderMark: byteOrderMark)
        if twice != formatted { return "a second pass changes it" }
        return nil
    }

    func test_format_tenThousandAdversarialFiles_keepMeaningLayoutAndAreIdempotent() throws {
        let formatters = [
            FeatureFormatter(), FeatureFormatter(indentation: "    "), FeatureFormatter(indentation: "\t"),
        ]
        var corpus = AdversarialFeatures(seed: 41)
        var parsed = 0
        var generated = 0
        var failures: [String] = []
        while parsed < 10_000 && generated < 40_000 {
            let text = corpus.file()
            generated += 1
            let problem: String?
            do {
                problem = try self.problem(formatting: text, with: formatters[generated % formatters.count])
            } catch { continue }
            parsed += 1
            if let problem, failures.count < 5 { failures.append("\(problem):\n\(text.debugDescription)") }
            if problem != nil && failures.count >= 5 { break }
        }
        XCTAssertEqual(failures, [], "files whose formatting changed their meaning or layout")
        XCTAssertGreaterThanOrEqual(parsed, 10_000, "only \(parsed) of \(generated) generated files parse")
        print("formatted \(parsed) of \(generated) generated files that parse, \(failures.count) changed")
    }

    func test_format_everyGoodConformanceFileWithItsSource_keepsMeaningAndLayout() throws {
        let files = ConformanceDirectory.files("gherkin/good", suffix: ".feature")
        if ConformanceDirectory.isAbsent(announce: false, fail: { XCTFail($0) }) {
            if !ConformanceDirectory.isRequired { throw XCTSkip(ConformanceDirectory.skipReason) }
            return
        }
        for url in files {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            XCTAssertNil(try problem(formatting: text), url.lastPathComponent)
            XCTAssertNil(
                try problem(formatting: text, with: FeatureFormatter(indentation: "\t")), url.lastPathComponent)
        }
    }

    /// Every feature file of the conformance data that parses: the official parser's good
    /// files and the compatibility kit's samples.
    func test_format_everyConformanceFeatureFile_keepsEveryCharacterBeyondLayout() throws {
        guard let root = ConformanceDirectory.url else {
            print("⚠️  no conformance data (../shared/conformance): the property was not checked on it")
            if ConformanceDirectory.isRequired { XCTFail(ConformanceDirectory.absenceMessage) }
            return
        }
        var checked = 0
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
        for url in files ?? [] where url.pathExtension == "feature" {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            // The bad files of the official data do not parse, and have nothing to format.
            guard (try? parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)) != nil else { continue }
            checked += 1
            XCTAssertNil(try problem(formatting: text), url.path)
        }
        XCTAssertGreaterThan(checked, 90, "conformance feature files that parse")
    }

    /// The examples of real files that the formatter once broke, each as found.
    func test_format_filesThatOnceLostMeaning_keepIt() throws {
        let examples = [
            "Feature: F\n  Scenario: S\n    Given x\n      |\n",
            "Feature: F\n# language: fr\n  Scenario: S\n    Given x\n",
            "Feature: F\n  # c\n\n  desc\n  more\n\n  Scenario: S\n    Given x\n",
            "# language: en\nFeature: F\n  Scenario: S\n    Given x\n",
            "\u{FEFF}Feature: F\r\n  Scenario: S\r\n    Given x\r\n",
            "# hello\n#language:fr\nFonctionnalité: F\n",
            "\u{00A0}\n# language: en\nFeature: f\n",
            "\u{2003}\n# language: en\n# other\nFeature: f\n",
            "\u{3000}\n# language: en\nFeature: f\n",
            "\u{0C}\n# language: en\nFeature: f\n",
            "\u{00A0}\n\u{3000}# language:\u{2003}fr\u{00A0}\nFonctionnalité: f\n",
            "Feature: f\n\u{00A0}\n  desc one\n  # keep me here\n  desc two\n\n  Scenario: s\n    Given x\n",
            "Feature: f\n  Rule: r\n\u{3000}\n    desc one\n    # keep\n    desc two\n\n    Scenario: s\n      Given x\n",
            "Feature: f\n  Scenario Outline: s\n    Given <x>\n    Examples: e\n\u{0C}\n      one\n      # keep\n"
                + "      two\n      | x |\n      | 1 |\n",
            "Feature: f\n  @ smoke @  wip # c\n  Scenario: s\n    Given x\n",
        ]
        for example in examples {
            XCTAssertNil(try problem(formatting: example), example.debugDescription)
        }
    }
}
