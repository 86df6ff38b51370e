import Foundation
import Messages
import SpecsRunner

/// `--format usage[:FILE]`: every step definition with where it is written, the steps
/// it matched (text and feature line), how often and how long they took (mean and
/// maximum); definitions no step uses come last. With `--dry-run` it reads the matches
/// without running anything.
public final class UsageFormatter: EventConsumer {
    private let collector: UsageCollector
    private let out: ReportOutput

    public init(output: ReportOutput, ledger shared: RunLedger? = nil) {
        collector = UsageCollector(ledger: shared)
        out = output
    }

    public func consume(_ envelope: Envelope) { collector.consume(envelope) }

    public func closeDocument(_ uri: String) { collector.closeDocument(uri) }

    public func finish() {
        collector.finish()
        let uses = collector.uses
        let used = uses.filter { !$0.matches.isEmpty }.sorted { $0.matches.count > $1.matches.count }
        let unused = uses.filter(\.matches.isEmpty)
        out.write("Step definitions: \(used.count) used, \(unused.count) unused\n")
        for use in used {
            out.write("\n\(Self.expression(use.definition))  \(Self.place(use.definition))\n")
            var line = "  \(use.matches.count) step\(use.matches.count == 1 ? "" : "s")"
            if !use.durations.isEmpty {
                // Summed as Double: a saved stream's durations may add up past 64 bits.
                let mean = use.durations.reduce(0.0) { $0 + Double($1) } / Double(use.durations.count) / 1e6
                let maximum = Double(use.durations.max() ?? 0) / 1e6
                line += String(format: ", mean %.3f ms, max %.3f ms", mean, maximum)
            }
            out.write(line + "\n")
            var seen: Set<String> = []
            for match in use.matches where seen.insert(match.text + match.place).inserted {
                out.write(TerminalText.escape("    \(match.text)  \(match.place)\n"))
            }
        }
        if !unused.isEmpty {
            out.write("\nUnused step definitions:\n")
            for use in unused { out.write("  \(Self.expression(use.definition))  \(Self.place(use.definition))\n") }
        }
        out.close()
    }

    static func expression(_ definition: StepDefinitionMessage) -> String {
        definition.pattern.type == .regularExpression ? "/\(definition.pattern.source)/" : definition.pattern.source
    }

    public static func place(_ definition: StepDefinitionMessage) -> String {
        "\(definition.sourceReference.uri ?? "?"):\(definition.sourceReference.location?.line ?? 0)"
    }
}
