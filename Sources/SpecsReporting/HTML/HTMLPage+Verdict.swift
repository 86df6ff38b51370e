import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability

/// The top of the page: title, date, the verdict in one sentence, the counts, the trend.
extension HTMLPage {
    mutating func renderHeader(_ figures: BookFigures, run: (started: Timestamp?, finished: Timestamp?)) {
        // The run's counts, as the summary prints them (scenarios in no stream of a merge
        // among those not run), not the chapters' own.
        let counts = tally.map(Self.counts) ?? figures.counts
        let total = counts.values.reduce(0, +)
        let attention = figures.attention
        let verified = figures.verifiedRows
        let rows = figures.rows
        let unverified = figures.results - attention - verified
        html += "<header role=\"banner\"><p class=\"kicker\">\(e(dryRun ? labels.specificationOnly : labels.title))</p>"
        html += "<h1>\(e(title))</h1>"
        if let started = run.started {
            let iso = TimeText.iso8601(seconds: started.seconds)
            // `2026-11-24T09:30:00Z` read as `2026-11-24 09:30 UTC`.
            let shown = iso.prefix(10) + " " + iso.dropFirst(11).prefix(5) + " UTC"
            html += "<p class=\"muted\">\(e(labels.runAt)) <time datetime=\"\(iso)\">\(e(String(shown)))</time></p>"
        }
        // Readiness is the run's verdict plus the evidence: the verdict passed, and every
        // scenario is verified by a passing test. A verdict that passed with no scenario is a
        // shard's whose share is none: the merge of the shards decides.
        let good = !dryRun && verdict.passed && unverified <= 0
        html += "<p class=\"verdict \(good ? "good" : "bad")\" role=\"status\">"
        html +=
            e(
                labels.verdict(
                    total: total, verdict: verdict, unverified: max(0, unverified), dryRun: dryRun,
                    resultsKnown: resultsKnown))
            + "</p>"
        if let scope = labels.scope(of: runs) { html += "<p class=\"scope\" role=\"note\">\(e(scope))</p>" }
        html += "<dl class=\"cards\">"
        html += "<div class=\"card\"><dt>\(e(labels.scenarios))</dt><dd>\(total)</dd></div>"
        for status in ReportBook.severity.reversed() where (counts[status] ?? 0) > 0 {
            html +=
                "<div class=\"card \(status)\"><dt>\(e(labels.name(status)))</dt><dd>\(counts[status] ?? 0)</dd></div>"
        }
        if rows > 0 {
            let figure = String(format: "%.0f", figures.coverage)
            html +=
                "<div class=\"card\"><dt>\(e(labels.coverage))</dt><dd>\(figure)%</dd><dd class=\"muted\">\(verified)/\(rows)</dd></div>"
        }
        html += "<div class=\"card\"><dt>\(e(labels.steps))</dt><dd>\(figures.steps)</dd></div>"
        if let start = run.started, let end = run.finished {
            html +=
                "<div class=\"card\"><dt>\(e(labels.duration))</dt><dd>\(String(format: "%.1f", Double(end.totalNanoseconds.saturatingSubtract(start.totalNanoseconds)) / 1e9)) s</dd></div>"
        }
        html += "</dl>" + bar(counts, label: labels.scenarios)
        if !history.trend.isEmpty { renderTrend() }
        html += "</header>"
    }

    /// A tally's scenarios by the report's status names, those never run as `not-run`.
    static func counts(_ tally: RunLedger.StatusTally) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (status, count) in tally.scenarios where count > 0 { counts[status.rawValue.lowercased()] = count }
        if tally.notRun > 0 { counts["not-run"] = tally.notRun }
        return counts
    }

    /// The pass rate and the verified rate of the last runs: a chart with its axes, dates and
    /// values on each point, and the same figures as a table for screen readers and print.
    mutating func renderTrend() {
        let points = history.trend
        let (left, right, top, bottom) = (44.0, 352.0, 10.0, 110.0)
        func x(_ index: Int) -> Double {
            points.count == 1 ? (left + right) / 2 : left + (right - left) * Double(index) / Double(points.count - 1)
        }
        func y(_ value: Double) -> Double { bottom - max(0, min(100, value)) / 100 * (bottom - top) }
        func day(_ date: String) -> String { String(date.prefix(10)) }
        func percent(_ value: Double) -> String { String(format: "%.0f%%", value) }
        html += "<figure class=\"trend\"><figcaption>\(e(labels.trend)) (\(points.count))</figcaption>"
        html +=
            "<svg role=\"img\" aria-label=\"\(e(labels.trend))\" viewBox=\"0 0 360 136\" width=\"360\" height=\"136\" class=\"chart\">"
        // Axes: the rate from 0 to 100 %, the runs from the first date to the last.
        html += "<g class=\"axis\" stroke=\"#8a939c\" stroke-width=\"1\">"
        html += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(bottom)\"/>"
        html += "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(right)\" y2=\"\(bottom)\"/></g>"
        html += "<g class=\"labels\" font-size=\"10\" fill=\"#59636e\">"
        for value in [0.0, 50, 100] {
            html +=
                "<text x=\"\(left - 4)\" y=\"\(y(value) + 3)\" text-anchor=\"end\">\(percent(value))</text>"
                + "<line x1=\"\(left)\" y1=\"\(y(value))\" x2=\"\(right)\" y2=\"\(y(value))\" stroke=\"#e3e6ea\"/>"
        }
        if let first = points.first, let last = points.last {
            html += "<text x=\"\(left)\" y=\"\(bottom + 16)\" text-anchor=\"start\">\(e(day(first.date)))</text>"
            if points.count > 1 {
                html += "<text x=\"\(right)\" y=\"\(bottom + 16)\" text-anchor=\"end\">\(e(day(last.date)))</text>"
            }
        }
        html += "</g>"
        func series(_ values: [Double], color: String, dashed: Bool, name: String) {
            let path = values.enumerated().map { String(format: "%.1f,%.1f", x($0.offset), y($0.element)) }
            html +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"4 3\"" : "") points=\"\(path.joined(separator: " "))\"/>"
            for (index, value) in values.enumerated() {
                html +=
                    String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" ", x(index), y(value))
                    + "fill=\"\(color)\">"
                html += "<title>\(e(day(points[index].date))): \(e(name)) \(percent(value))</title></circle>"
            }
        }
        series(points.map(\.passRate), color: "#1e7f34", dashed: false, name: labels.passRate)
        series(points.map(\.coverage), color: "#1f5fbf", dashed: true, name: labels.coverage)
        html += "</svg>"
        html +=
            "<ul class=\"legend\"><li class=\"pass\">\(e(labels.passRate)) \(percent(points.last?.passRate ?? 0))</li>"
        html += "<li class=\"cov\">\(e(labels.coverage)) \(percent(points.last?.coverage ?? 0))</li></ul>"
        html +=
            "<details class=\"trend-values\"><summary>\(e(labels.trend)): \(e(labels.eachRun))</summary><table><tr><th>\(e(labels.trendDate))</th><th>\(e(labels.passRate))</th><th>\(e(labels.coverage))</th></tr>"
        for point in points {
            html +=
                "<tr><td>\(e(day(point.date)))</td><td>\(percent(point.passRate))</td><td>\(percent(point.coverage))</td></tr>"
        }
        html += "</table></details></figure>"
    }
}
