import XCTest

@testable import SpecsCommand

/// Options are named once (`Option`): a misspelt key does not compile, and these tests
/// hold the tables to the keys.
final class OptionTests: XCTestCase {
    private let tables: [(String, [OptionSpec])] = [
        ("run", OptionTable.run), ("report", OptionTable.report), ("format", OptionTable.format),
        ("lint", OptionTable.lint), ("gherkin", OptionTable.gherkin),
    ]

    func test_optionTables_everyKeyIsInATableAndEveryEntryIsAKey() {
        let inTables = Set(tables.flatMap { $0.1.map(\.option) })
        XCTAssertEqual(inTables, Set(Option.all))
    }

    func test_optionTables_noTableNamesAnOptionTwice() {
        for (name, table) in tables {
            XCTAssertEqual(Set(table.map(\.name)).count, table.count, "the \(name) table names an option twice")
        }
    }

    func test_optionNames_areLongOptionsInLowercaseWords() {
        for option in Option.all {
            XCTAssertNotNil(option.name.wholeMatch(of: #/--[a-z0-9]+(-[a-z0-9]+)*/#), option.name)
        }
    }

    func test_parse_optionByItsKey_isFoundAndAMisspeltOneIsAUsageErrorWithTheNearest() throws {
        let parsed = try ArgumentParser.parse(["--dry-run", "--tags", "@a", "Features"], table: OptionTable.run)
        XCTAssertTrue(parsed.has(.dryRun))
        XCTAssertEqual(parsed.value(.tags), "@a")
        XCTAssertThrowsError(try ArgumentParser.parse(["--dry-rn"], table: OptionTable.run)) { error in
            XCTAssertEqual("\(error)", "unknown option '--dry-rn'. Did you mean '--dry-run'?")
        }
    }
}
