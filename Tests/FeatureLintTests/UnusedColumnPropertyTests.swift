import ConformanceData
import FeatureLint
import Gherkin
import XCTest

/// `unused-example-column` is advice to delete a column: taken, it must change nothing that
/// runs. Outlines of placeholders built from values and the text around them, bracket-named
/// columns, several examples blocks and doc strings are generated; for each column told unused,
/// the column is deleted and the pickles compiled again must be those of before (tester Y's Y1).
final class UnusedColumnPropertyTests: XCTestCase {
    private struct Outline {
        var steps: [String]
        var docString: [String]?
        var blocks: [(header: [String], rows: [[String]])]

        func text(deleting deleted: (block: Int, column: Int)? = nil) -> String {
            var text = "Feature: F\n\n  Scenario Outline: S\n"
            for step in steps { text += "    Given \(step)\n" }
            if let docString {
                text += "      \"\"\"\n" + docString.map { "      \($0)\n" }.joined() + "      \"\"\"\n"
            }
            for (index, block) in blocks.enumerated() {
                func row(_ cells: [String]) -> String {
                    let kept = cells.indices.filter { column in
                        guard let deleted else { return true }
                        return deleted.block != index || deleted.column != column
                    }
                    return "      | " + kept.map { Self.escaped(cells[$0]) }.joined(separator: " | ") + " |\n"
                }
                text += "\n    Examples:\n" + row(block.header) + block.rows.map(row).joined()
            }
            return text
        }

        /// The header line of each block in `text()`.
        var headerLines: [Int] {
            var line = 4 + steps.count + (docString.map { $0.count + 2 } ?? 0)
            return blocks.map { block in
                defer { line += 2 + block.rows.count + 1 }
                return line + 2
            }
        }

        static func escaped(_ cell: String) -> String {
            cell.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
                .replacingOccurrences(of: "\n", with: "\\n")
        }
    }

    private func pickles(_ text: String) throws -> [String] {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(text, uri: "f.feature", ids: &ids)
        return PickleCompiler().compile(document, uri: "f.feature", ids: &ids).map { pickle in
            pickle.name + " | "
                + pickle.steps.map { $0.text + "/" + ($0.argument?.docString?.content ?? "") }.joined(separator: " | ")
        }
    }

    /// Columns named with brackets, or without a name, are tried in the header's order, as the
    /// compiler fills them: the findings are the same in every process (tester Z2's Z2-8: they
    /// followed a dictionary's order, which changes from run to run).
    func test_lint_bracketNamedColumns_toldInTheCompilersOrder() {
        let text =
            "Feature: f\n\n  Scenario Outline: o\n    Given x<>>b>y\n\n    Examples:\n      |  | > | >>b |\n"
            + "      | v | w | z |\n"
        let told = FeatureLinter().lint(text, uri: "f.feature").filter { $0.rule == "unused-example-column" }
        // `<>` is filled first (`xv>b>y`): `<>>` and `<>>b>` are then nowhere.
        XCTAssertEqual(told.map(\.column), [12, 16], "\(told)")
    }

    func test_lint_columnsToldUnused_deletedChangeNoPickle() throws {
        var generator = SeededGenerator(seed: 7_501)
        let names = ["a", "b", "ab", "kind", "kind_id", "user_id", "a>b", "b>", "x<y", "a\nb", "id"]
        let values = ["1", "<", ">", "b>", "<a>", "user", "kind", "x", "<b", "_id>"]
        let pieces = [
            "<a>", "<b>", "<ab>", "<<kind>_id>", "<a>b>", "<b>>", "<x<y>", "<kind>", "<user_id>", "<", ">", "s", " ",
            "<a", "b>", "<id>",
        ]
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        var told = 0
        for _ in 0..<400 {
            let steps = (0..<(1 + Int(generator.next() % 2))).map { _ in
                "x " + (0..<(1 + Int(generator.next() % 4))).map { _ in pick(pieces) }.joined()
            }
            let docString = generator.next() % 4 == 0 ? ["<a", "b> and <a>"] : nil
            let blocks = (0..<(1 + Int(generator.next() % 2))).map { _ -> (header: [String], rows: [[String]]) in
                var header: [String] = []
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let name = pick(names)
                    if !header.contains(name) { header.append(name) }
                }
                let rows = (0..<(1 + Int(generator.next() % 2))).map { _ in header.map { _ in pick(values) } }
                return (header, rows)
            }
            let outline = Outline(steps: steps, docString: docString, blocks: blocks)
            let text = outline.text()
            let before = try pickles(text)
            let unused = Set(
                FeatureLinter().lint(text, uri: "f.feature").filter { $0.rule == "unused-example-column" }.map {
                    "\($0.line):\($0.column)"
                })
            for (block, line) in zip(blocks.indices, outline.headerLines) {
                var column = 9
                for (index, name) in blocks[block].header.enumerated() {
                    defer { column += Outline.escaped(name).unicodeScalars.count + 3 }
                    // (A block's only column deleted leaves a column without a name: another table.)
                    guard unused.contains("\(line):\(column)"), blocks[block].header.count > 1 else { continue }
                    told += 1
                    let after = try pickles(outline.text(deleting: (block, index)))
                    XCTAssertEqual(after, before, "deleting column '\(name)' of block \(block + 1):\n\(text)")
                }
            }
        }
        XCTAssertGreaterThan(told, 50, "few columns were told unused: the generator tests little")
    }
}
