import ConformanceData
import XCTest

@testable import Gherkin

/// Outline placeholders are filled in as the reference compilers fill them: header
/// column after header column, every occurrence in the text as it stands. The expected
/// texts below are what gherkin-official 42.0.1 gives for the same source.
final class OutlineSubstitutionTests: XCTestCase {
    private func pickles(_ source: String) throws -> [Pickle] {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(source, uri: "o.feature", ids: &ids)
        return PickleCompiler().compile(document, uri: "o.feature", ids: &ids)
    }

    func test_compile_valueHoldingALaterPlaceholder_laterColumnFillsItIn() throws {
        let pickles = try pickles(
            """
            Feature: F
              Scenario Outline: <a> and <b>
                Given <a> then <b> and <<a>>
                Examples:
                  | a   | b | x |
                  | <b> | x | y |
                  | x   | y | z |
            """)
        XCTAssertEqual(pickles.map(\.name), ["x and x", "x and y"])
        XCTAssertEqual(pickles.map { $0.steps[0].text }, ["x then x and y", "x then y and z"])
    }

    func test_compile_nameWithBracketAndRepeatedName_firstMatchingColumnWins() throws {
        let pickles = try pickles(
            """
            Feature: F
              Scenario Outline: <a>b> and <a>
                Given <a>b> then <a> and a < b <c> <ä>
                  | <a> | x<ä>y |
                Examples:
                  | a>b | a | a | ä  |
                  | 1   | 2 | 3 | ö≠ |
            """)
        XCTAssertEqual(pickles.first?.name, "1 and 2")
        XCTAssertEqual(pickles.first?.steps[0].text, "1 then 2 and a < b <c> ö≠")
        XCTAssertEqual(pickles.first?.steps[0].argument?.dataTable?.rows[0].cells.map(\.value), ["2", "xö≠y"])
    }

    func test_compile_textWithBracketsButNoPlaceholder_isKeptAsWritten() throws {
        let pickles = try pickles(
            """
            Feature: F
              Scenario Outline: 1 < 2 > 0 <b
                Given <x> and <<y> and <>
                  \"\"\"
                  <a> is <a>
                  \"\"\"
                Examples:
                  | a  |
                  | 1< |
            """)
        XCTAssertEqual(pickles.first?.name, "1 < 2 > 0 <b")
        XCTAssertEqual(pickles.first?.steps[0].text, "<x> and <<y> and <>")
        XCTAssertEqual(pickles.first?.steps[0].argument?.docString?.content, "1< is 1<")
    }

    /// Steps with nothing to substitute keep their document's table; outline steps get
    /// their own. Both read back the same as the reference gives, and the order of a
    /// table and a doc string is kept either way.
    func test_compile_backgroundAndOutlineTables_documentRowsSharedOutlineRowsSubstituted() throws {
        let pickles = try pickles(
            """
            Feature: F
              Background:
                Given the users
                  | name | role  |
                  | <a>  | admin |
              Scenario: plain
                Given a list
                  | x | <a> |
                  \"\"\"
                  <a>
                  \"\"\"
              Scenario Outline: outline
                Given a list
                  \"\"\"
                  <a>
                  \"\"\"
                  | x | <a> |
                Examples:
                  | a |
                  | 1 |
                  | 2 |
            """)
        let tables = pickles.map { pickle in
            pickle.steps.map { $0.argument?.dataTable?.rows.map { $0.cells.map(\.value) } }
        }
        let users = [["name", "role"], ["<a>", "admin"]]
        XCTAssertEqual(tables, [[users, [["x", "<a>"]]], [users, [["x", "1"]]], [users, [["x", "2"]]]])
        XCTAssertEqual(pickles.map { $0.steps[1].argument?.dataTable?.argumentIndex }, [1, 2, 2])
        XCTAssertEqual(pickles.map { $0.steps[1].argument?.docString?.argumentIndex }, [2, 1, 1])
        XCTAssertEqual(pickles.map { $0.steps[1].argument?.docString?.content }, ["<a>", "1", "2"])
    }

    /// An outline step with no `<` in its text, table or doc string is the same for
    /// every row, yet each row's pickle step still names that row. Steps past the 64th
    /// are substituted too. Checked against gherkin-official 42.0.1.
    func test_compile_outlineStepsWithoutPlaceholders_keptAsWrittenWithTheirRowIds() throws {
        let many = (0..<70).map { $0 % 7 == 3 ? "        And step \($0) of <x>" : "        And step \($0)" }
        let pickles = try pickles(
            """
            Feature: F
              Scenario Outline: literal arguments
                Given a literal list
                  | name | role |
                  | ann  | a>b  |
                  \"\"\"md
                  no placeholder > here
                  \"\"\"
                When <x> happens
            \(many.joined(separator: "\n"))
                Examples:
                  | x |
                  | 1 |
                  | 2 |
            """)
        XCTAssertEqual(pickles.count, 2)
        for (pickle, value) in zip(pickles, ["1", "2"]) {
            let literal = pickle.steps[0]
            XCTAssertEqual(literal.text, "a literal list")
            XCTAssertEqual(
                literal.argument?.dataTable?.rows.map { $0.cells.map(\.value) }, [["name", "role"], ["ann", "a>b"]])
            XCTAssertEqual(literal.argument?.docString?.content, "no placeholder > here")
            XCTAssertEqual(literal.argument?.docString?.mediaType, "md")
            XCTAssertEqual(literal.argument?.dataTable?.argumentIndex, 1)
            XCTAssertEqual(pickle.steps[1].text, "\(value) happens")
            XCTAssertEqual(pickle.steps[2 + 66].text, "step 66 of \(value)")
            XCTAssertEqual(pickle.steps[2 + 69].text, "step 69")
        }
        // Each literal step names its own row: the step's id, then the row's.
        XCTAssertEqual(pickles.map { Array($0.steps[0].astNodeIds) }, [["2", "75"], ["2", "76"]])
        XCTAssertEqual(pickles.map { Array($0.astNodeIds) }, [["78", "75"], ["78", "76"]])
    }
}

/// Random texts, names and values over `a b < >`, where every shortcut could go wrong:
/// the substitution equals replacing `<name>` column after column with Foundation.
final class OutlineSubstitutionPropertyTests: XCTestCase {
    func test_apply_randomTextsNamesAndValues_equalsColumnByColumnReplacement() {
        var random = SplitMix(seed: 42)
        let alphabet: [Character] = ["a", "b", "<", ">", "<", ">", "é"]
        func word(_ maxLength: Int) -> String {
            String((0..<random.next(below: maxLength + 1)).map { _ in alphabet[random.next(below: alphabet.count)] })
        }
        for _ in 0..<20_000 {
            let names = (0..<1 + random.next(below: 3)).map { _ in word(2) }
            let values = names.map { _ in word(3) }
            let text = word(12)
            var expected = text
            for (name, value) in zip(names, values) {
                expected = expected.replacingOccurrences(of: "<\(name)>", with: value)
            }
            let actual = substitute(text, names: names, values: values)
            guard actual == expected else {
                return XCTFail("\(text) with \(names) = \(values): \(actual), expected \(expected)")
            }
        }
    }

    /// The byte search the substitution stands on (`memchr` and `memcmp`) finds and replaces what
    /// a search byte by byte does: every start, overlapping needles, needles at both ends.
    func test_byteSearch_randomBytes_equalsASearchByteByByte() {
        var random = SplitMix(seed: 7_602)
        let alphabet: [UInt8] = Array("ab<>".utf8)
        func bytes(_ maxLength: Int) -> [UInt8] {
            (0..<random.next(below: maxLength + 1)).map { _ in alphabet[random.next(below: alphabet.count)] }
        }
        for _ in 0..<20_000 {
            let haystack = bytes(16)
            let needle = [UInt8(ascii: "<")] + bytes(3)
            let start = random.next(below: haystack.count + 2)
            let naive = haystack.indices.first { $0 >= start && haystack[$0...].starts(with: needle) }
            XCTAssertEqual(ByteSearch.first(needle, in: haystack, from: start), naive, "\(haystack) \(needle) \(start)")
            var replaced: [UInt8] = []
            var index = 0
            while index < haystack.count {
                if haystack[index...].starts(with: needle) {
                    replaced += [0x78]
                    index += needle.count
                } else {
                    replaced.append(haystack[index])
                    index += 1
                }
            }
            let holds = haystack.indices.contains { haystack[$0...].starts(with: needle) }
            let actual = ByteSearch.replacing(needle, with: [0x78], in: haystack)
            XCTAssertEqual(actual, holds ? replaced : nil, "\(haystack) \(needle)")
            XCTAssertEqual(ByteSearch.contains(UInt8(ascii: "<"), in: haystack), haystack.contains(UInt8(ascii: "<")))
        }
    }

    func test_compile_randomOutlinesOfSeveralRows_equalColumnByColumnReplacementPerRow() throws {
        // Every pickle must read as if its row had been substituted alone.
        var random = SplitMix(seed: 99)
        func word(_ range: ClosedRange<Int>, _ alphabet: [Character]) -> String {
            String(
                (0..<range.lowerBound + random.next(below: range.count)).map { _ in
                    alphabet[random.next(below: alphabet.count)]
                })
        }
        // Names and values are mostly plain (the template's way), now and then with a
        // bracket (the column-by-column way); texts hold many brackets.
        let plain: [Character] = ["a", "b"]
        let rare: [Character] = ["a", "b", "a", "b", "a", "b", "a", "<", ">"]
        for _ in 0..<400 {
            let texts = (0..<1 + random.next(below: 3)).map { _ in "x" + word(0...12, ["a", "b", "<", ">"]) }
            func line(_ cells: [String]) -> String { "      | " + cells.joined(separator: " | ") + " |\n" }
            var source = "Feature: f\n  Scenario Outline: o\n" + texts.map { "    Given \($0)\n" }.joined()
            var expected: [[String]] = []
            // One or two examples blocks, each with its own names.
            for _ in 0..<1 + random.next(below: 2) {
                let names = (0..<1 + random.next(below: 3)).map { _ in
                    word(1...2, random.next(below: 6) == 0 ? rare : plain)
                }
                let rows = (0..<1 + random.next(below: 4)).map { _ in names.map { _ in word(1...3, rare) } }
                source += "    Examples:\n" + line(names) + rows.map(line).joined()
                expected += rows.map { values in
                    texts.map { text in
                        zip(names, values).reduce(text) { $0.replacingOccurrences(of: "<\($1.0)>", with: $1.1) }
                    }
                }
            }
            var ids = IncrementingIdGenerator()
            let document = try Parser().parse(source, uri: "o.feature", ids: &ids)
            let pickles = PickleCompiler().compile(document, uri: "o.feature", ids: &ids)
            XCTAssertEqual(pickles.map { $0.steps.map(\.text) }, expected, source)
        }
    }
}

/// `text` with the placeholders of `names` filled from `values`, as the compiler does it.
private func substitute(_ text: String, names: [String], values: [String]) -> String {
    func cells(_ strings: [String]) -> [TableCell] {
        strings.map { TableCell(location: Location(line: 1, column: 1), value: $0) }
    }
    return Interpolation(names: cells(names), values: cells(values)).apply(to: text)
}

/// A small deterministic generator, so a failure names a case that reruns the same
/// (the property tests of this module share it).
struct SplitMix {
    private var generator: SeededGenerator
    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }
    mutating func next(below bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
}
