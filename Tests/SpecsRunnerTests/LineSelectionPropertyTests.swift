import ConformanceData
import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

/// `:LINE` selection, indexed once per file (tester Z1's Z1-12: a rerun file of 400 rows of one
/// outline took 45 s, each pickle tried against each line and each row): seeded features of
/// scenarios, outlines of several blocks, rules, backgrounds and tags, and seeded line sets,
/// select what the definition says, line by line.
final class LineSelectionPropertyTests: XCTestCase {
    func test_selectedPickles_seededFeaturesAndLines_areWhatEachLineSelects() throws {
        var generator = SeededGenerator(seed: 7_603)
        func chance(_ one: UInt64) -> Bool { generator.next() % one == 0 }
        for _ in 0..<300 {
            var text = "Feature: F\n"
            if chance(3) { text += "  Background:\n    Given a\n" }
            for scenario in 0..<(1 + Int(generator.next() % 4)) {
                if chance(4) { text += "  Rule: R\(scenario)\n" }
                if chance(3) { text += "  @t\n" }
                if chance(2) {
                    text += "  Scenario Outline: o\(scenario) <v>\n    Given <v>\n"
                    for block in 0..<(1 + Int(generator.next() % 2)) {
                        if chance(3) { text += "    @b\n" }
                        text += "    Examples: e\(block)\n      | v |\n"
                        for row in 0..<Int(generator.next() % 4) { text += "      | \(scenario)\(block)\(row) |\n" }
                    }
                } else {
                    text += "  Scenario: s\(scenario)\n    Given x\n      | cell |\n"
                }
            }
            var ids = IncrementingIdGenerator()
            let document = try Parser().parse(text, uri: "f.feature", ids: &ids)
            let pickles = PickleCompiler().compile(document, uri: "f.feature", ids: &ids)
            let lastLine = text.utf8.count { $0 == 10 } + 1
            let lines = Set((0..<Int(generator.next() % 5)).map { _ in 1 + Int(generator.next() % UInt64(lastLine)) })
            let feature = LoadedFeature(
                source: Source(uri: "f.feature", data: text), document: document, pickles: pickles, errors: [],
                lines: lines)
            let expected =
                lines.isEmpty
                ? pickles : pickles.filter { pickle in lines.contains { selects(pickle, $0, document, lastLine) } }
            XCTAssertEqual(feature.selectedPickles.map(\.id), expected.map(\.id), "lines \(lines.sorted()) of\n\(text)")
            let nothing = lines.sorted().filter { line in !pickles.contains { selects($0, line, document, lastLine) } }
            XCTAssertEqual(feature.linesSelectingNothing(lines), nothing, "lines \(lines.sorted()) of\n\(text)")
        }
    }

    /// One line's selection as the README words it, read from the document each time.
    private func selects(_ pickle: Pickle, _ line: Int, _ document: GherkinDocument, _ lastLine: Int) -> Bool {
        if pickle.location.line == line { return true }
        var starts: [(line: Int, scenario: Scenario?)] = []
        document.feature?.walk { block in
            func start(_ location: Location, _ tags: [Tag]) -> Int {
                min(location.line, tags.map(\.location.line).min() ?? location.line)
            }
            switch block {
            case .rule(let rule): starts.append((start(rule.location, rule.tags), nil))
            case .background(let background, _): starts.append((background.location.line, nil))
            case .scenario(let scenario, _): starts.append((start(scenario.location, scenario.tags), scenario))
            }
        }
        guard let index = starts.firstIndex(where: { $0.scenario?.id == pickle.astNodeIds.first }),
            let scenario = starts[index].scenario
        else { return false }
        let end = max(starts[index].line, index + 1 < starts.count ? starts[index + 1].line - 1 : lastLine)
        guard (starts[index].line...end).contains(line) else { return false }
        let blockStarts = scenario.examples.map {
            min($0.location.line, $0.tags.map(\.location.line).min() ?? $0.location.line)
        }
        for (number, examples) in scenario.examples.enumerated() {
            let blockEnd = max(blockStarts[number], number + 1 < blockStarts.count ? blockStarts[number + 1] - 1 : end)
            guard (blockStarts[number]...blockEnd).contains(line) else { continue }
            guard pickle.astNodeIds.count > 1, examples.tableBody.contains(where: { $0.id == pickle.astNodeIds[1] })
            else { return false }
            return !examples.tableBody.contains { $0.location.line == line }
        }
        return true
    }
}
