import Foundation
import Messages
import SpecsRunner

/// `--format usage[:FILE]`: every step definition with where it is written, the steps
/// it matched (text and feature line), how often and how long they took (mean and
/// maximum); definitions no step uses come last. With `--dry-run` it reads the matches
/// without running anything.
public final class UsageFormatter: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput

    public init(output: ReportOutput, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
    }

    public func consume(_ envelope: Envelope) { feed.consume(envelope) }

    /// What each definition matched, in the order the definitions were registered.
    public struct Use: Sendable {
        public let definition: StepDefinitionMessage
        public var matches: [(text: String, place: String)] = []
        public var durations: [Int] = []
    }

    public static func uses(_ ledger: RunLedger) -> [Use] {
        var uses: [String: Use] = [:]
        for definition in ledger.stepDefinitions.values { uses[definition.id] = Use(definition: definition) }
        for result in ledger.scenarioResults {
            for step in result.steps {
                guard case .step(let pickleStep, _, let definitions) = step.kind else { continue }
                for definition in definitions {
                    uses[definition.id]?.matches.append((pickleStep.text, "\(result.pickle.uri):\(step.line ?? result.pickle.location.line)"))
                    if definitions.count == 1, let duration = step.result?.duration, step.status == .passed || step.status == .failed {
                        uses[definition.id]?.durations.append(duration.totalNanoseconds)
                    }
                }
            }
        }
        return uses.values.sorted { lhs, rhs in
            let left = lhs.definition.sourceReference, right = rhs.definition.sourceReference
            return ((left.uri ?? ""), left.location?.line ?? 0) < ((right.uri ?? ""), right.location?.line ?? 0)
        }
    }

    public func finish() {
        let uses = Self.uses(ledger)
        let used = uses.filter { !$0.matches.isEmpty }.sorted { $0.matches.count > $1.matches.count }
        let unused = uses.filter(\.matches.isEmpty)
        out.write("Step definitions: \(used.count) used, \(unused.count) unused\n")
        for use in used {
            out.write("\n\(Self.expression(use.definition))  \(Self.place(use.definition))\n")
            var line = "  \(use.matches.count) step\(use.matches.count == 1 ? "" : "s")"
            if !use.durations.isEmpty {
                let mean = Double(use.durations.reduce(0, +)) / Double(use.durations.count) / 1e6
                let maximum = Double(use.durations.max() ?? 0) / 1e6
                line += String(format: ", mean %.3f ms, max %.3f ms", mean, maximum)
            }
            out.write(line + "\n")
            var seen: Set<String> = []
            for match in use.matches where seen.insert(match.text + match.place).inserted {
                out.write("    \(match.text)  \(match.place)\n")
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
