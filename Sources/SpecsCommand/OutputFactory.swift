import Foundation
import SpecsReporting
import SpecsRunner

/// Builds the consumer for each requested format, writing to standard output or a file.
struct OutputFactory {
    let parsed: ParsedArguments
    let out: ReportOutput
    let traceability: TraceabilityOptions

    func consumers(for requests: [FormatRequest]) throws -> [any EventConsumer] {
        var consumers: [any EventConsumer] = []
        for request in requests {
            let stream = try request.path.map(ReportOutput.file) ?? out
            consumers.append(try consumer(request.name, stream))
            if request.name == "pretty" && request.path == nil {
                consumers.append(TraceabilityFormatter(
                    output: out, style: .terminal, context: traceability.context, palette: palette, onlyWithLinks: !traceability.requested))
            }
        }
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            consumers.append(GitHubAnnotations(output: out))
        }
        return consumers
    }

    var palette: Palette {
        let environment = ProcessInfo.processInfo.environment
        if parsed.has("--no-color") || environment["NO_COLOR"].map({ !$0.isEmpty }) == true { return .none }
        if environment["SPECS_COLOR_TAGS"] == "1" { return .tags }
        return out.isTerminal ? .ansi : .none
    }

    private func consumer(_ name: String, _ stream: ReportOutput) throws -> any EventConsumer {
        let palette = stream === out ? palette : .none
        switch name {
        case "progress": return ProgressFormatter(output: stream, palette: palette)
        case "summary": return ProgressFormatter(output: stream, palette: palette, summaryOnly: true)
        case "message": return MessageFormatter(output: stream, flushEachLine: stream !== out || !out.isTerminal)
        case "junit": return JUnitFormatter(output: stream, suiteName: parsed.value("--junit-suite-name") ?? "specs")
        case "json": return CucumberJSONFormatter(output: stream)
        case "traceability": return TraceabilityFormatter(output: stream, style: .markdown, context: traceability.context)
        case "traceability-json": return TraceabilityFormatter(output: stream, style: .json, context: traceability.context)
        case "html": return HTMLFormatter(output: stream, context: traceability.context, language: parsed.value("--report-language"))
        default: return PrettyFormatter(output: stream, palette: palette)
        }
    }
}
