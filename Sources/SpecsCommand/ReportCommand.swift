import Foundation
import Messages
import SpecsReporting
import SpecsRunner

/// `specs report [options] MESSAGES.ndjson...`: rebuilds any output (HTML, JUnit,
/// JSON, traceability, pretty) from saved message streams: from a run that died, or
/// from the shards of one suite merged into one report.
enum ReportCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, table: OptionTable.report)
        } catch {
            err.write("error: \(error.message)\nRun 'specs report --help' for the options.\n")
            return 2
        }
        if parsed.has("--help") || parsed.positionals.isEmpty {
            let help = OptionTable.help(
                usage: "specs report [options] MESSAGES.ndjson...",
                arguments: "  MESSAGES.ndjson                   Message streams of runs (--format message:FILE); several are merged.",
                options: OptionTable.report)
            (parsed.has("--help") ? out : err).write(help)
            return parsed.has("--help") ? 0 : 2
        }
        var streams: [[Envelope]] = []
        for path in parsed.positionals {
            guard let data = FileManager.default.contents(atPath: path) else {
                err.write("\(path): error: cannot read the file\n")
                return 2
            }
            do {
                streams.append(try NDJSON.envelopes(in: String(decoding: data, as: UTF8.self), uri: path))
            } catch {
                err.write("\(error)\n")
                return 2
            }
        }
        let envelopes = StreamMerger.merge(streams)
        let consumers: [any EventConsumer]
        let traceability: TraceabilityOptions
        let ledger: RunLedger
        do {
            traceability = try TraceabilityOptions(parsed)
            var requests = parsed.all("--format").map(FormatRequest.init)
            if requests.filter({ $0.path == nil }).isEmpty { requests.insert(FormatRequest("summary"), at: 0) }
            let factory = OutputFactory(parsed: parsed, out: out, traceability: traceability)
            consumers = try factory.consumers(for: requests)
            ledger = factory.ledger
        } catch {
            err.write("error: \(error)\n")
            return 2
        }
        let multiplexer = EventMultiplexer(consumers)
        let gate = CoverageGate(minimum: traceability.minimumCoverage, context: traceability.context, diagnostics: err, ledger: ledger)
        multiplexer.add(gate)
        for envelope in envelopes { multiplexer.consume(envelope) }
        multiplexer.finish()
        out.flush()
        if !ledger.parseErrors.isEmpty { return 2 }
        let failed = ledger.scenarioResults.contains { $0.status.failsRun } || ledger.runFinished?.success == false
        return failed || !gate.passed ? 1 : 0
    }
}
