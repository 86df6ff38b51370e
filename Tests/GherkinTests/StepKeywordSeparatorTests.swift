import ConformanceData
import Foundation
import Gherkin
import XCTest

/// The whitespace after a step keyword, where one space would read as a longer keyword of the
/// language (`Et  que x` in French is `Et ` and `que x`; `Et que x` is `Et que ` and `x`):
/// the formatter keeps it, formatting twice equals once, and every formatted text parses to
/// the same document as its source.
final class StepKeywordSeparatorTests: XCTestCase {
    private func formatted(_ source: String) throws -> String {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(source, uri: nil, ids: &ids)
        return try FeatureFormatter().checkedFormat(document, source: source)
    }

    private func steps(_ source: String) throws -> [String] {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(source, uri: nil, ids: &ids)
        return document.feature?.allSteps.map { "\($0.keyword)|\($0.text)" } ?? []
    }

    /// A feature of `language` whose one scenario holds `step`, with the header keywords of
    /// the language's dialect.
    private func feature(_ language: String, _ step: String) -> String {
        let dialect = Dialect.named(language)!
        return "# language: \(language)\n\(dialect.feature[0]): F\n  \(dialect.scenario[0]): S\n    \(step)\n"
    }

    private func assertKeeps(
        _ language: String, _ step: String, keyword: String, text: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let source = feature(language, step)
        XCTAssertEqual(try steps(source), ["\(keyword)|\(text)"], "the source itself", file: file, line: line)
        let once = try formatted(source)
        XCTAssertEqual(try steps(once), ["\(keyword)|\(text)"], once, file: file, line: line)
        XCTAssertEqual(try formatted(once), once, "formatting twice changes it", file: file, line: line)
    }

    func test_format_testerExamples_keepEachStepKeywordAndText() throws {
        try assertKeeps("fr", "Et  que x", keyword: "Et ", text: "que x")
        try assertKeeps("fr", "Et\u{20}\tque x", keyword: "Et ", text: "que x")
        try assertKeeps("fr", "Etant donné   qu'il pleut", keyword: "Etant donné ", text: "qu'il pleut")
        try assertKeeps("fr", "Etant donné \tqu'il pleut", keyword: "Etant donné ", text: "qu'il pleut")
        try assertKeeps("fr", "Mais  que x", keyword: "Mais ", text: "que x")
        try assertKeeps("fr", "Sachant  qu'il vente", keyword: "Sachant ", text: "qu'il vente")
        try assertKeeps("cs", "A  také x", keyword: "A ", text: "také x")
        try assertKeeps("sk", "A  tiež x", keyword: "A ", text: "tiež x")
        try assertKeeps("tr", "Eğer   ki x", keyword: "Eğer ", text: "ki x")
        try assertKeeps("ht", "Sipoze  ke x", keyword: "Sipoze ", text: "ke x")
        try assertKeeps("en-old", "Tha  the x", keyword: "Tha ", text: "the x")
    }

    func test_format_runAfterAKeyword_becomesTheShortestStartThatKeepsTheKeyword() throws {
        let once = try formatted(feature("fr", "Et     que x"))
        XCTAssertTrue(once.hasSuffix("\n    Et  que x\n"), once)
        let tab = try formatted(feature("fr", "Et \t  que x"))
        XCTAssertTrue(tab.hasSuffix("\n    Et \tque x\n"), tab)
    }

    func test_format_twoRunsInOneStep_isIdempotent() throws {
        let source = feature("fr", "Et  que  ça dure")
        let once = try formatted(source)
        XCTAssertEqual(try steps(once), ["Et |que  ça dure"])
        XCTAssertEqual(try formatted(once), once)
    }

    func test_format_runWithoutALongerKeyword_isStillOneSpace() throws {
        let once = try formatted(feature("fr", "Et    il pleut"))
        XCTAssertTrue(once.hasSuffix("\n    Et il pleut\n"), once)
    }

    /// Every dialect: for every pair of step keywords where one (its space trimmed) and a
    /// space start the other, a step written with the shorter keyword, then two spaces or a
    /// space and a tab, then the rest of the longer one keeps its keyword and text.
    func test_format_everyDialectsKeywordPairs_keepTheShorterKeywordAndItsText() throws {
        var pairs = 0
        for language in Dialect.languages {
            let dialect = try XCTUnwrap(Dialect.named(language))
            let keywords = Set(dialect.given + dialect.when + dialect.then + dialect.and + dialect.but)
            for short in keywords {
                let stem = short.hasSuffix(" ") ? String(short.dropLast()) : short
                guard !stem.isEmpty, stem != "*" else { continue }
                for long in keywords where long.count > stem.count + 1 && long.hasPrefix(stem + " ") {
                    let rest = String(long.dropFirst(stem.count + 1)) + "x"
                    let keyword = short.hasSuffix(" ") ? short : stem
                    for run in ["  ", " \t"] {
                        let step = stem + run + rest
                        let source = feature(language, step)
                        // The parser reads the shorter keyword in the source.
                        XCTAssertEqual(try steps(source), ["\(keyword)|\(rest)"], "\(language): \(step)")
                        pairs += 1
                        let once = try formatted(source)
                        XCTAssertEqual(try steps(once), ["\(keyword)|\(rest)"], "\(language): \(step)\n\(once)")
                        XCTAssertEqual(try formatted(once), once, "\(language): \(step)")
                    }
                }
            }
        }
        // 23 pairs over the dialects today (Et and Et que, Tha and Tha the, ...), two runs each.
        XCTAssertGreaterThanOrEqual(pairs, 46)
    }

    func test_checkedFormat_everyGoodConformanceFile_parsesToTheSameDocument() throws {
        let files = ConformanceDirectory.files("gherkin/good", suffix: ".feature")
        if ConformanceDirectory.isAbsent(announce: false, fail: { XCTFail($0) }) {
            if !ConformanceDirectory.isRequired { throw XCTSkip(ConformanceDirectory.skipReason) }
            return
        }
        XCTAssertGreaterThanOrEqual(files.count, 50)
        for url in files {
            var text = try String(contentsOf: url, encoding: .utf8)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            var ids = IncrementingIdGenerator()
            guard let document = try? Parser().parse(text, uri: nil, ids: &ids) else { continue }
            let once: String
            do { once = try FeatureFormatter().checkedFormat(document, source: text) } catch {
                XCTFail("\(url.lastPathComponent): \(error)")
                continue
            }
            var again = IncrementingIdGenerator()
            let reread = try Parser().parse(once, uri: nil, ids: &again)
            XCTAssertNil(
                DocumentMeaning(document).firstChange(in: DocumentMeaning(reread)), url.lastPathComponent)
        }
    }

    func test_firstChange_aStepReadAsALongerKeyword_namesItsLine() throws {
        let source = feature("fr", "Et  que x")
        let changed = feature("fr", "Et que x")
        var ids = IncrementingIdGenerator()
        let before = try Parser().parse(source, uri: nil, ids: &ids)
        var other = IncrementingIdGenerator()
        let after = try Parser().parse(changed, uri: nil, ids: &other)
        let location = DocumentMeaning(before).firstChange(in: DocumentMeaning(after))
        XCTAssertEqual(location, Location(line: 4, column: 5))
        XCTAssertEqual(
            FormattingChange(location: Location(line: 4, column: 5)).description,
            "formatting would change what line 4 means; the file is left as it is")
    }

    /// A document whose source cannot be laid out without changing a line's meaning (the
    /// source read differently from the document: no run after `Et ` to keep) is refused,
    /// naming the line, and `format` gives the source back as it is.
    func test_checkedFormat_textThatWouldReadOtherwise_isRefusedAndTheSourceKept() throws {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(feature("fr", "Et  que x"), uri: nil, ids: &ids)
        let source = feature("fr", "Et que x") + "\n"
        XCTAssertThrowsError(try FeatureFormatter().checkedFormat(document, source: source)) { error in
            XCTAssertEqual(error as? FormattingChange, FormattingChange(location: Location(line: 4, column: 5)))
        }
        XCTAssertEqual(FeatureFormatter().format(document, source: source), source)
        XCTAssertEqual(FeatureFormatter().format(document, source: source, byteOrderMark: true), "\u{FEFF}" + source)
    }

    func test_firstChange_sameDocumentLaidOutOtherwise_isNil() throws {
        let source = "Feature: F\n# note   \n    Scenario:   S\n  Given   a  b\n   | x |y|\n"
        let laidOut = "Feature: F\n# note\n\n  Scenario: S\n    Given a  b\n      | x | y |\n"
        var ids = IncrementingIdGenerator()
        let before = try Parser().parse(source, uri: nil, ids: &ids)
        var other = IncrementingIdGenerator()
        let after = try Parser().parse(laidOut, uri: nil, ids: &other)
        XCTAssertNil(DocumentMeaning(before).firstChange(in: DocumentMeaning(after)))
    }
}
