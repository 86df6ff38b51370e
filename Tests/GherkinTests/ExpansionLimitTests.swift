import Foundation
import XCTest

@testable import Gherkin

/// Values holding other columns' placeholders are filled in again, as the references
/// do, until a text would grow past the bound: then the row is a parse error.
final class ExpansionLimitTests: XCTestCase {
    /// An outline whose one value per column holds the next column's placeholder twice:
    /// `Given <a0>` becomes 2^(columns - 1) `x`s.
    private func doubling(columns: Int) -> String {
        let names = (0..<columns).map { "a\($0)" }
        let values = (1..<columns).map { "<a\($0)><a\($0)>" } + ["x"]
        return """
            Feature: F
              Scenario Outline: s
                Given <a0>
                Examples:
                  | \(names.joined(separator: " | ")) |
                  | \(values.joined(separator: " | ")) |
            """
    }

    private func parseErrors(_ source: String) -> [ParseError] {
        var ids = IncrementingIdGenerator()
        do {
            _ = try Parser().parse(source, uri: "o.feature", ids: &ids)
            return []
        } catch {
            return error.errors
        }
    }

    func test_parse_valuesDoublingAtEveryColumn_rowIsAParseErrorAtItsPlace() {
        // Forty columns would ask for a terabyte.
        let errors = parseErrors(doubling(columns: 40))
        XCTAssertEqual(
            errors.map(\.description),
            [
                "(6:7): this example row makes the step 'Given <a0>' more than 1048576 bytes (1 MiB) longer than "
                    + "written: values that hold placeholders are filled in again by the columns after them"
            ])
    }

    func test_parse_expansionUpToTheLimit_compilesAndOnePastIsAnError() throws {
        // The text as it stands after each column counts: with 18 columns it peaks at
        // 2^17 `<a17>`s (640 KiB) and ends as 2^17 `x`s; with 19, 2^18 `<a18>`s pass 1 MiB.
        XCTAssertEqual(parseErrors(doubling(columns: 18)), [])
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(doubling(columns: 18), uri: "o.feature", ids: &ids)
        let pickles = PickleCompiler().compile(document, uri: "o.feature", ids: &ids)
        XCTAssertEqual(pickles.first?.steps.first?.text, String(repeating: "x", count: 1 << 17))
        XCTAssertEqual(parseErrors(doubling(columns: 19)).map(\.location), [Location(line: 6, column: 7)])
    }

    func test_apply_textPastTheLimit_keptAsWrittenNotExpanded() throws {
        // A document that did not come from the parser: the compiler does not expand it either.
        let header = (0..<24).map { TableCell(location: Location(line: 1, column: 1), value: "a\($0)") }
        let row = (1..<24).map { TableCell(location: Location(line: 1, column: 1), value: "<a\($0)><a\($0)>") }
        let interpolation = Interpolation(
            names: header, values: row + [TableCell(location: header[0].location, value: "x")])
        XCTAssertEqual(interpolation.expand("<a0>"), .tooLong)
        XCTAssertEqual(interpolation.apply(to: "<a0>"), "<a0>")
    }

    func test_parse_rowsEachUnderTheTextLimit_fileLimitReportsTheRowPassingIt() {
        // Each row makes the step about 0.94 MiB longer; the 69th passes 64 MiB in all.
        let step = String(repeating: "<a>", count: 3_000)
        let value = String(repeating: "v", count: 331)
        let rows = (0..<80).map { _ in "      | \(value) |" }
        let source =
            "Feature: F\n  Scenario Outline: s\n    Given \(step)\n    Examples:\n      | a |\n"
            + rows.joined(separator: "\n")
        let errors = parseErrors(source)
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.location, Location(line: 5 + 69, column: 7))
        XCTAssertTrue(
            errors.first?.message.hasPrefix(
                "the example rows up to this one make this file's pickles more than 67108864 bytes longer") == true,
            errors.first?.message ?? "")
    }

    /// Column after column, 40,000 columns over a 270 KB step would be 11 billion byte
    /// steps (minutes); one scan takes milliseconds.
    func test_apply_fortyThousandColumnsOnePlaceholderEach_oneScan() {
        let count = 40_000
        let header = (0..<count).map { TableCell(location: Location(line: 1, column: 1), value: "a\($0)") }
        let row = (0..<count).map { TableCell(location: Location(line: 1, column: 1), value: "v\($0)") }
        let text = (0..<count).map { "<a\($0)>" }.joined(separator: " ")
        let expanded = Interpolation(names: header, values: row).apply(to: text)
        XCTAssertEqual(expanded, (0..<count).map { "v\($0)" }.joined(separator: " "))
    }

    /// A placeholder of no column, many times over many columns: each occurrence looked up once.
    func test_apply_fortyThousandColumnsUnknownPlaceholder_keptInOneScan() {
        let count = 40_000
        let header = (0..<count).map { TableCell(location: Location(line: 1, column: 1), value: "a\($0)") }
        let row = (0..<count).map { TableCell(location: Location(line: 1, column: 1), value: "v\($0)") }
        let text = Array(repeating: "<zz>", count: count).joined(separator: " ")
        let interpolation = Interpolation(names: header, values: row)
        XCTAssertEqual(interpolation.expand(text), .unchanged)
        XCTAssertEqual(interpolation.apply(to: text), text)
    }

    /// Plain names and values in texts full of brackets, where a `<` before a value and a
    /// `>` after it may form a later column's placeholder: the same as column after column.
    func test_apply_placeholdersFormedAcrossValues_equalColumnByColumnReplacement() {
        var random = SplitMix(seed: 7)
        let names = ["a", "aa", "ab", "", "b", "ba"]
        for _ in 0..<20_000 {
            let columns = (0..<1 + random.next(below: 4)).map { _ in names[random.next(below: names.count)] }
            let values = columns.map { _ in
                String((0..<random.next(below: 3)).map { _ in ["a", "b"][random.next(below: 2)] as Character })
            }
            let text = String(
                (0..<random.next(below: 14)).map { _ in
                    ["a", "b", "<", ">", "<", ">"][random.next(below: 6)] as Character
                })
            var expected = text
            for (name, value) in zip(columns, values) {
                expected = expected.replacingOccurrences(of: "<\(name)>", with: value)
            }
            func cells(_ strings: [String]) -> [TableCell] {
                strings.map { TableCell(location: Location(line: 1, column: 1), value: $0) }
            }
            let actual = Interpolation(names: cells(columns), values: cells(values)).apply(to: text)
            guard actual == expected else {
                return XCTFail("\(text) with \(columns) = \(values): \(actual), expected \(expected)")
            }
        }
    }
}
