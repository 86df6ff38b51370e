import Foundation
import Messages

/// The closing lines every terminal format shares: scenarios and steps by status,
/// then the run's duration.
enum SummaryText {
    static let order = TestStepResultStatus.worstFirst

    static func render(_ ledger: RunLedger, palette: Palette) -> String {
        let result = ledger.result
        let tally = result.tally
        let scenarioCounts = tally.scenarios
        let stepCounts = tally.steps
        func line(_ noun: String, _ counts: [TestStepResultStatus: Int], notRun: Int = 0) -> String {
            let total = counts.values.reduce(0, +) + notRun
            var parts = order.compactMap { status -> String? in
                guard let count = counts[status], count > 0 else { return nil }
                let word = status == .unknown ? "not finished" : status.rawValue.lowercased()
                return palette.paint("\(count) \(word)", for: status)
            }
            if notRun > 0 { parts.append(palette.paint("\(notRun) not run", .cyan)) }
            return "\(total) \(noun)\(total == 1 ? "" : "s")"
                + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
        }
        var text = line("scenario", scenarioCounts, notRun: tally.notRun) + "\n" + line("step", stepCounts) + "\n"
        text += flaky(tally.flaky, palette: palette)
        text += duration(result) + "\n"
        return text
    }

    /// The scenarios that passed only on a retry: `1 flaky: passed on retry 2: place name`,
    /// several one a line under `N flaky:`.
    static func flaky(_ flaky: [(location: String, name: String, retry: Int)], palette: Palette) -> String {
        let lines = flaky.map { "passed on retry \($0.retry): \($0.location) \($0.name)" }
        guard lines.count > 1 else { return lines.first.map { palette.paint("1 flaky: \($0)", .yellow) + "\n" } ?? "" }
        return palette.paint("\(lines.count) flaky:", .yellow) + "\n" + lines.map { "  \($0)\n" }.joined()
    }

    static func duration(_ result: RunResult) -> String {
        guard let duration = result.duration else { return "0m0.000s" }
        var text = time(duration)
        // A merge's duration is its wall-clock span, first start to last end; each shard's
        // own time stands beside it.
        let shards = result.shardTimes.map { "\($0.shard)/\($0.of) \(time($0.nanoseconds))" }
        if !shards.isEmpty { text += " (shards: " + shards.joined(separator: ", ") + ")" }
        return text
    }

    private static func time(_ nanoseconds: Int) -> String {
        let nanos = max(0, nanoseconds)
        let minutes = nanos / 60_000_000_000
        let seconds = Double(nanos % 60_000_000_000) / 1_000_000_000
        return "\(minutes)m" + String(format: "%.3f", seconds) + "s"
    }
}
