import Gherkin
import XCTest

/// The line rules that are easy to get wrong: tags, table cells and escapes, doc
/// string delimiters, multi-word keywords, keywords without a space, columns after
/// tabs and non-ASCII text.
final class LineRuleTests: XCTestCase {
    func parse(_ source: String, language: String = "en") throws -> GherkinDocument {
        var ids = IncrementingIdGenerator()
        return try Parser(defaultLanguage: language).parse(source, uri: "t.feature", ids: &ids)
    }

    func errors(_ source: String) -> [String] {
        var ids = IncrementingIdGenerator()
        do {
            _ = try Parser().parse(source, uri: "t.feature", ids: &ids)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func firstScenario(_ document: GherkinDocument) -> Scenario? {
        for child in document.feature?.children ?? [] { if case .scenario(let scenario) = child { return scenario } }
        return nil
    }

    func test_parse_tags_with_comment_keep_names_and_columns() throws {
        let document = try parse("@a  @b-c\t@d # not @a tag\nFeature: f\n")
        XCTAssertEqual(document.feature?.tags.map(\.name), ["@a", "@b-c", "@d"])
        XCTAssertEqual(document.feature?.tags.map(\.location.column), [1, 5, 10])
    }

    func test_parse_tags_nonASCIIAndEmptyNames_matchTheReference() throws {
        // Names with non-ASCII text or none at all take the scalar-by-scalar way; the
        // reference parser gives these names and columns.
        let document = try parse("@é @ü-x\u{00A0} @@a @ \t@last\u{3000}\nFeature: f\n")
        XCTAssertEqual(document.feature?.tags.map(\.name), ["@é", "@ü-x", "@", "@a", "@", "@last"])
        XCTAssertEqual(document.feature?.tags.map(\.location.column), [1, 4, 10, 11, 14, 17])
    }

    func test_parse_tag_with_nonASCIIWhitespace_isAnError() {
        XCTAssertEqual(errors("@a\u{00A0}b @c\nFeature: f\n").first, "(1:1): A tag may not contain whitespace")
    }

    func test_parse_tag_with_whitespace_reports_its_column() {
        XCTAssertEqual(
            errors("Feature: f\n  @ok @not ok\n  Scenario: s\n"), ["(2:7): A tag may not contain whitespace"])
    }

    /// The official parsers stop at the eleventh error, even when one line yields two there.
    func test_parse_lineWithTwoErrorsAtTheLimit_stopsAtElevenAsTheReference() {
        let source =
            "Feature: f\n  Scenario: s\n    Given a\n" + (0..<10).map { "  oops \($0)\n" }.joined() + "  @a b @c d\n"
        XCTAssertEqual(errors(source).count, 11)
    }

    func test_parse_table_cells_unescape_pipes_backslashes_and_newlines() throws {
        let document = try parse("Feature: f\n  Scenario: s\n    Given t\n      | a\\|b | c\\\\d | e\\nf | g\\xh |\n")
        let cells = firstScenario(document)?.steps.first?.dataTable?.rows.first?.cells
        XCTAssertEqual(cells?.map(\.value), ["a|b", "c\\d", "e\nf", "g\\xh"])
        XCTAssertEqual(cells?.map(\.location.column), [9, 16, 23, 30])
    }

    func test_parse_table_cells_trim_unicode_whitespace_and_count_columns_in_scalars() throws {
        let document = try parse("Feature: f\n  Scenario: s\n    Given t\n      | \u{00A0}é\u{3000} | 😀 |\n")
        let cells = firstScenario(document)?.steps.first?.dataTable?.rows.first?.cells
        XCTAssertEqual(cells?.map(\.value), ["é", "😀"])
        XCTAssertEqual(cells?.map(\.location.column), [10, 15])
    }

    func test_parse_table_cells_of_ascii_rows_match_rows_with_escapes() throws {
        // The second row has a backslash after its last pipe: the same cells, read the general way.
        let row = "\t| a |\tb\t||  c d  | x"
        let document = try parse("Feature: f\n  Scenario: s\n    Given t\n\(row)\n\(row)\\\\\n")
        let rows = firstScenario(document)?.steps.first?.dataTable?.rows ?? []
        XCTAssertEqual(rows.count, 2)
        for cells in rows.map(\.cells) {
            XCTAssertEqual(cells.map(\.value), ["a", "b", "", "c d"])
            XCTAssertEqual(cells.map(\.location.column), [4, 8, 11, 14])
        }
    }

    func test_parse_table_cells_barsAtEveryOffsetOfAWord_matchTheGeneralReading() throws {
        // Plain rows are cut eight bytes at a time, and cells padded with spaces are
        // trimmed eight at a time. Each row is also read with a backslash or an "é"
        // after its last bar, which sends it the general way.
        var random = SplitMix(seed: 11)
        let pieces = [
            "a", "bc", " ", "  ", "\t", "", "xyz", "|", String(repeating: " ", count: 9), "      \t", " \t    ",
        ]
        for _ in 0..<300 {
            var row = String(repeating: " ", count: random.next(below: 9)) + "|"
            let width = 1 + random.next(below: 4)
            for _ in 0..<width {
                row += (0..<random.next(below: 5)).map { _ in pieces[random.next(below: pieces.count)] }.joined() + "|"
            }
            let source = ["", "\\", "é"].map { "Feature: f\n  Scenario: s\n    Given t\n\(row)\($0)\n" }
            let tables = try source.map { try parse($0) }.map {
                firstScenario($0)?.steps.first?.dataTable?.rows.first?.cells ?? []
            }
            for other in tables.dropFirst() {
                XCTAssertEqual(tables[0].map(\.value), other.map(\.value), row)
                XCTAssertEqual(tables[0].map(\.location.column), other.map(\.location.column), row)
            }
        }
    }

    func test_parse_inconsistent_cell_count_is_located_at_the_row() {
        XCTAssertEqual(
            errors("Feature: f\n  Scenario: s\n    Given t\n      | a | b |\n      | c |\n"),
            ["(5:7): inconsistent cell count within the table"])
    }

    func test_parse_doc_string_with_escaped_delimiter_and_media_type() throws {
        let source =
            "Feature: f\n  Scenario: s\n    Given t\n      ```json\n      a \\`\\`\\` b\n        \"\"\"\n      ```\n"
        let doc = firstScenario(try parse(source))?.steps.first?.docString
        XCTAssertEqual(doc?.delimiter, "```")
        XCTAssertEqual(doc?.mediaType, "json")
        XCTAssertEqual(doc?.content, "a ``` b\n  \"\"\"")
    }

    func test_parse_doc_string_removes_only_the_delimiter_indentation() throws {
        let source =
            "Feature: f\n  Scenario: s\n    Given t\n      \"\"\"\n        indented\n    less\n      \\\"\\\"\\\"\n      \"\"\"\n"
        let doc = firstScenario(try parse(source))?.steps.first?.docString
        XCTAssertEqual(doc?.content, "  indented\nless\n\"\"\"")
    }

    func test_parse_doc_string_indentedWithWideSpaces_removesScalarsNotBytes() throws {
        // The delimiter is indented by six scalars; lines indented with U+3000 (three
        // bytes each) or tabs lose six scalars, whatever their bytes.
        let source =
            "Feature: f\n  Scenario: s\n    Given t\n      \"\"\"\n\u{3000}\u{3000}    \u{3000}x\n\t\t\t\t\t\t\ty\n"
            + "  \u{3000}\u{3000}\u{3000}\u{3000}z\n      \"\"\"\n"
        let doc = firstScenario(try parse(source))?.steps.first?.docString
        XCTAssertEqual(doc?.content, "\u{3000}x\n\ty\nz")
    }

    func test_parse_multi_word_keywords_prefer_the_longest() throws {
        let document = try parse(
            "Feature: f\n  Scenario Outline: o\n    Given <x>\n    Examples:\n      | x |\n      | 1 |\n")
        XCTAssertEqual(firstScenario(document)?.keyword, "Scenario Outline")
        let spanish = try parse(
            "# language: es\nCaracterística: f\n  Esquema del escenario: e\n    Dado que <x>\n    Ejemplos:\n      | x |\n      | 1 |\n"
        )
        XCTAssertEqual(firstScenario(spanish)?.keyword, "Esquema del escenario")
    }

    func test_parse_keywords_without_trailing_space() throws {
        let document = try parse("# language: zh-CN\n功能: 加法\n  场景: 两个数\n    假如我有3个苹果\n    那么我有3个\n")
        let steps = firstScenario(document)?.steps
        XCTAssertEqual(steps?.map(\.keyword), ["假如", "那么"])
        XCTAssertEqual(steps?.map(\.text), ["我有3个苹果", "我有3个"])
        XCTAssertEqual(steps?.map(\.keywordType), [.context, .outcome])
    }

    func test_parse_columns_after_tabs_count_one_per_tab() throws {
        let document = try parse("Feature: f\n\tScenario: s\n\t\tGiven x\n")
        XCTAssertEqual(firstScenario(document)?.location.column, 2)
        XCTAssertEqual(firstScenario(document)?.steps.first?.location.column, 3)
    }

    func test_parse_columns_count_unicode_scalars_not_bytes() throws {
        let document = try parse("Feature: é\n  @ñ @b\n  Scenario: s\n    Given 😀 | x\n")
        XCTAssertEqual(firstScenario(document)?.tags.map(\.location.column), [3, 6])
    }

    func test_parse_crlf_and_bom_free_input_are_equivalent() throws {
        let lf = try parse("Feature: f\n  Scenario: s\n    Given x\n")
        let crlf = try parse("Feature: f\r\n  Scenario: s\r\n    Given x\r\n")
        XCTAssertEqual(firstScenario(lf)?.steps.first?.text, firstScenario(crlf)?.steps.first?.text)
        XCTAssertEqual(firstScenario(crlf)?.steps.first?.text, "x")
    }

    func test_parse_unknown_language_is_an_error() {
        XCTAssertEqual(errors("# language: xx-nope\nFeature: f\n"), ["(1:1): Language not supported: xx-nope"])
    }

    func test_parse_very_long_line_and_many_steps_stays_linear() throws {
        let long = String(repeating: "word ", count: 200_000)
        let steps = String(repeating: "    Given a step\n", count: 100_000)
        let document = try parse("Feature: f\n  Scenario: s\n    Given \(long)\n" + steps)
        XCTAssertEqual(firstScenario(document)?.steps.count, 100_001)
    }

    func test_parse_line_feeds_at_every_offset_of_a_word_find_every_line() throws {
        // Step texts of 1 to 24 characters (some with two-byte scalars) put line feeds at
        // every position within the eight-byte words the scanner reads; the last line has none.
        let texts = (1...24).map { length in String((0..<length).map { $0 % 5 == 4 ? "é" : "x" }) }
        let source = "Feature: f\n  Scenario: s\n" + texts.map { "    Given \($0)" }.joined(separator: "\n")
        let steps = firstScenario(try parse(source))?.steps ?? []
        XCTAssertEqual(steps.map(\.text), texts)
        XCTAssertEqual(steps.map(\.location.line), Array(3...26))
    }
}
