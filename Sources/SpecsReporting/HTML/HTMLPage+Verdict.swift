import Foundation
import Gherkin
import Messages
import Traceability

/// The top of the page: title, date, the verdict in one sentence, the counts, the trend.
extension HTMLPage {
    mutating func renderHeader(_ figures: BookFigures, run: (started: Timestamp?, finished: Timestamp?)) {
        let counts = figures.counts
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
        let good = !dryRun && attention == 0 && unverified <= 0 && figures.results > 0
        html += "<p class=\"verdict \(good ? "good" : "bad")\" role=\"status\">"
        html +=
            e(
                labels.verdict(
                    total: figures.results, attention: attention, unverified: max(0, unverified), dryRun: dryRun))
            + "</p>"
        html += "<dl class=\"cards\">"
        html += "<div class=\"card\"><dt>\(e(labels.scenarios))</dt><dd>\(figures.results)</dd></div>"
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
                "<div class=\"card\"><dt>\(e(labels.duration))</dt><dd>\(String(format: "%.1f", Double(end.totalNanoseconds - start.totalNanoseconds) / 1e9)) s</dd></div>"
        }
        html += "</dl>" + bar(counts, label: labels.scenarios)
        if !history.trend.isEmpty { renderTrend() }
        html += "</header>"
    }

    mutating func renderTrend() {
        let points = history.trend
        html += "<figure class=\"trend\"><figcaption>\(e(labels.trend))</figcaption>"
        let width = 320.0
        let height = 60.0
        func path(_ values: [Double]) -> String {
            values.enumerated().map { index, value in
                let x = points.count == 1 ? width / 2 : width * Double(index) / Double(points.count - 1)
                return String(format: "%.1f,%.1f", x, height - value / 100 * (height - 4) - 2)
            }.joined(separator: " ")
        }
        html +=
            "<svg role=\"img\" aria-label=\"\(e(labels.trend))\" viewBox=\"0 0 320 60\" width=\"320\" height=\"60\">"
        html +=
            "<polyline fill=\"none\" stroke=\"#1e7f34\" stroke-width=\"2\" points=\"\(path(points.map(\.passRate)))\"><title>\(e(labels.passRate))</title></polyline>"
        html +=
            "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-dasharray=\"4 3\" points=\"\(path(points.map(\.coverage)))\"><title>\(e(labels.coverage))</title></polyline></svg>"
        html +=
            "<ul class=\"legend\"><li class=\"pass\">\(e(labels.passRate)) \(String(format: "%.0f", points.last?.passRate ?? 0))%</li>"
        html +=
            "<li class=\"cov\">\(e(labels.coverage)) \(String(format: "%.0f", points.last?.coverage ?? 0))%</li></ul></figure>"
    }
}
