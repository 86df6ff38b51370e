import Foundation
import Gherkin
import Messages
import SpecsReporting

/// `specs gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] FILE...`:
/// the messages of each file as NDJSON, like the official gherkin tools.
enum GherkinCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput, name: String = "specs") -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, table: OptionTable.gherkin)
        } catch {
            err.write("error: \(error.message)\nUSAGE: specs gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] FILE...\n")
            err.flush()
            return 2
        }
        if parsed.has("--help") || parsed.positionals.isEmpty {
            let help = OptionTable.help(
                usage: "\(name) gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] FILE...",
                arguments: "  FILE                              A .feature file; its messages are printed in order.",
                options: OptionTable.gherkin)
            (parsed.has("--help") ? out : err).write(help)
            out.flush()
            err.flush()
            return parsed.has("--help") ? 0 : 2
        }
        let messages = GherkinMessages(
            includeSource: !parsed.has("--no-source"), includeDocument: !parsed.has("--no-ast"),
            includePickles: !parsed.has("--no-pickles"))
        var exitCode: Int32 = 0
        for path in parsed.positionals {
            let source: Source
            do {
                source = try SourceReader.read(path: path)
            } catch {
                // Stream readers see the file too: a parse error at the bad byte, as for any other error.
                err.write("\(error)\n")
                exitCode = 2
                let location = Location(line: error.line ?? 1, column: error.column)
                out.write(NDJSON.line(.parseError(ParseErrorMessage(
                    source: SourceReference(uri: path, location: location),
                    message: "(\(location.line):\(location.column ?? 0)): \(error.reason)"))) + "\n")
                continue
            }
            var envelopes: [Envelope]
            if parsed.has("--predictable-ids") {
                var ids = IncrementingIdGenerator()
                envelopes = messages.envelopes(for: source, ids: &ids)
            } else {
                var ids = RandomIdGenerator()
                envelopes = messages.envelopes(for: source, ids: &ids)
            }
            for envelope in envelopes {
                if case .parseError(let error) = envelope {
                    exitCode = 2
                    err.write(Diagnostics.render(error, source: source))
                }
                out.write(NDJSON.line(envelope) + "\n")
            }
            out.flush()
        }
        err.flush()
        return exitCode
    }
}
