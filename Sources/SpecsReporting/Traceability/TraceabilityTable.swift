import Foundation
import SpecsRunner
import Traceability

/// The traceability matrix as text: a terminal table or Markdown.
enum TraceabilityTable {
    static func headers(_ report: TraceabilityReport) -> [String] {
        ["Scenario", "XCTest", "Component", "Test status", "Scenario status"]
    }

    static func rows(_ report: TraceabilityReport) -> [[String]] {
        report.rows.map { row in
            let tests =
                row.links.isEmpty
                ? "—" : row.links.map { "\($0.link.test)" + ($0.exists ? "" : " (missing)") }.joined(separator: ", ")
            let statuses = row.links.isEmpty ? "—" : row.links.map(testStatus).joined(separator: ", ")
            return [
                row.scenario.name, tests, row.components.joined(separator: ", ").ifEmpty("—"), statuses,
                row.scenario.status.rawValue.lowercased(),
            ]
        }
    }

    static func testStatus(_ check: LinkCheck) -> String {
        guard check.exists else { return "missing" }
        return check.outcome?.rawValue ?? "exists"
    }

    static func coverageLine(_ report: TraceabilityReport) -> String {
        let figure = String(format: "%.1f", report.coverage)
        let basis = report.resultsKnown ? "" : "; no test results were given, so no linked test is known to pass"
        return
            "Coverage: \(figure)% (\(report.coveredCount) of \(report.rows.count) scenarios passed with a passing linked test\(basis))"
    }

    static func terminal(_ report: TraceabilityReport, palette: Palette) -> String {
        let all = ([headers(report)] + rows(report)).map { $0.map(TerminalText.escape) }
        let widths = fitted(
            (0..<5).map { column in all.map { $0[column].count }.max() ?? 0 }, within: terminalWidth - 8)
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let shown = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                return shown + String(repeating: " ", count: widths[column] - shown.count)
            }.joined(separator: "  ")
        }
        var text = "\n" + palette.paint("Traceability", .bold) + "\n" + line(all[0]) + "\n"
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for (row, cells) in zip(report.rows, all.dropFirst()) {
            text += palette.paint(line(cells), row.covered ? .green : .red) + "\n"
        }
        text += coverageLine(report) + "\n"
        return text
    }

    /// Text that Markdown shows as written: its markup characters escaped, on one line.
    static func markdownText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "~", "!", "#", "(", ")": result += "\\" + String(character)
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return TerminalText.escape(result)
    }

    /// The width the terminal table keeps within.
    static let terminalWidth = 100

    /// Column widths whose sum is at most `total`: the widest column gives way first.
    static func fitted(_ widths: [Int], within total: Int) -> [Int] {
        var widths = widths
        while widths.reduce(0, +) > total, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 8
        {
            widths[widest] -= 1
        }
        return widths
    }

    static func markdown(_ report: TraceabilityReport) -> String {
        func escape(_ cell: String) -> String { markdownText(cell) }
        var text = "## Traceability\n\n"
        text += "| " + headers(report).joined(separator: " | ") + " |\n"
        text += "|" + String(repeating: "---|", count: 5) + "\n"
        for cells in rows(report) {
            text +=
                "| "
                + cells.enumerated().map {
                    $0 == 1
                        ? $1.split(separator: ",").map { "`\($0.trimmingCharacters(in: .whitespaces))`" }.joined(
                            separator: ", ") : escape($1)
                }.joined(separator: " | ") + " |\n"
        }
        text += "\n**" + coverageLine(report) + "**\n"
        let uncovered = report.rows.filter { !$0.covered }
        if !uncovered.isEmpty {
            text += "\n### Not covered\n\n"
            for row in uncovered {
                text +=
                    "- \(escape(row.scenario.name)) (`\(row.scenario.uri):\(row.scenario.line)`): \(escape(row.reasons.joined(separator: "; ")))\n"
            }
        }
        if !report.unlinkedTests.isEmpty {
            text +=
                "\n### Tests no scenario links\n\n" + report.unlinkedTests.map { "- `\($0)`" }.joined(separator: "\n")
                + "\n"
        }
        return text
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
