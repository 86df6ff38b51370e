import XCTest

@testable import Gherkin

/// The parser tries only the token types a line may be (the end, a blank line, any other); those must
/// include every type the line matches, in every dialect.
final class TokenCandidatesTests: XCTestCase {
    func test_candidates_everyDialectsKeywordsAndSpecialLines_includeEveryTypeTheLineMatches() {
        let special = ["# language: fr", "#comment", "@tag", "| a |", "\"\"\"json", "```", "", "   ", "text"]
        for (dialect, table) in KeywordTable.all.enumerated() {
            let keywordLines = table.texts.indices.map { index in
                String(decoding: table.bytes[table.starts[index]..<table.ends[index]], as: UTF8.self) + " x"
            }
            for line in special + keywordLines {
                let missed = typesMissed(by: "  " + line + "\n", dialect: dialect)
                XCTAssert(missed.isEmpty, "\(table.language): '\(line)' matches \(missed), not among its candidates")
            }
        }
    }

    func test_tableAt_everyLanguagesIndex_isThatLanguagesTable() {
        for language in Dialect.languages {
            let index = KeywordTable.index(of: language)
            XCTAssertEqual(index.map { KeywordTable.table(at: $0).language }, language)
        }
        XCTAssertEqual(KeywordTable.all.count, Dialect.languages.count)
        XCTAssertNil(KeywordTable.index(of: "xx"))
    }

    func test_entries_everyStateAndSetOfTypes_listsTheEntriesTakingAnyOfThem() {
        let table = TransitionTable.shared
        let types = TokenType.allCases
        // Every single type, every pair, and every set that the dialects' first bytes give.
        var sets = types.map { TokenTypes($0) }
        for first in types { for second in types { sets.append(TokenTypes(first, second)) } }
        var all = TokenTypes()
        for type in types { all.insert(type) }
        sets += [.endOfSource, .blankLine, .nonBlankLine, all]
        for (state, range) in table.states.enumerated() {
            XCTAssertLessThanOrEqual(range.count, 64, "state \(state)")
            for set in sets {
                let expected = range.enumerated().reduce(UInt64(0)) { bits, pair in
                    set.contains(table.entries[pair.element].token) ? bits | 1 << UInt64(pair.offset) : bits
                }
                XCTAssertEqual(table.entries(of: state, taking: set), expected, "state \(state), \(set.bits)")
            }
        }
    }

    private func typesMissed(by text: String, dialect: Int) -> [TokenType] {
        let source = SourceBytes(base: Array(text.utf8))
        var scanner = LineScanner(source)
        let line = scanner.next()
        let candidates = TokenMatcher(source: source, dialect: dialect).candidates(line)
        return TokenType.allCases.filter { type in
            var matcher = TokenMatcher(source: source, dialect: dialect)
            var token = line
            return (try? matcher.match(type, &token)) == true && !candidates.contains(type)
        }
    }
}
