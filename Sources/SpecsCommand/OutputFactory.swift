import Foundation
import Messages
import SpecsReporting
import SpecsRunner

/// Builds the consumer for each requested format, writing to standard output or a file.
struct OutputFactory {
    let parsed: ParsedArguments
    let out: ReportOutput
    let traceability: TraceabilityOptions

    /// The one fold of the run that every format reads; fed before any of them. It keeps
    /// a summary of each scenario when the traceability report is wanted, and otherwise the
    /// counts: every other format takes each scenario as it ends.
    let ledger: RunLedger
    /// The language most features are written in, when known before the run: the HTML
    /// report's labels, unless `--report-language` says otherwise.
    let featuresLanguage: String?
    /// How a report to a FIFO waits for its reader: a run's stops when the run is interrupted.
    var readerWait = ReaderWait()

    /// `linksTests`: whether the features link tests (`@xctest:`), so that the coverage gate
    /// checks those links at the end.
    init(
        parsed: ParsedArguments, out: ReportOutput, traceability: TraceabilityOptions, linksTests: Bool = true,
        featuresLanguage: String? = nil
    ) {
        self.parsed = parsed
        self.out = out
        self.traceability = traceability
        self.featuresLanguage = featuresLanguage
        files.standardOutput = out
        let formats = Set(parsed.all(.format).map { FormatRequest($0).name })
        if linksTests || traceability.requested || !formats.isDisjoint(with: ["traceability", "traceability-json"]) {
            ledger = RunLedger(retaining: .summaries)
        } else {
            ledger = RunLedger(retaining: .counts)
        }
    }

    /// The report files opened, to check once the run ends that every write went through:
    /// those of the formats that do not show the verdict first (before it is decided), then
    /// those of the formats that do (`VerdictReaders`), then the rerun files, whose note says
    /// that the others could not be written.
    final class Files {
        var outputs: [ReportOutput] = []
        /// The files of the formats that show the verdict, written once it is decided.
        var readerOutputs: [ReportOutput] = []
        /// The rerun files, written once the others are checked.
        var lastOutputs: [ReportOutput] = []
        /// Every report file opened.
        var opened: [ReportOutput] { outputs + readerOutputs + lastOutputs }
        /// The HTML reports, whose `--history` record may not have been written.
        var htmlReports: [HTMLFormatter] = []
        /// Standard output, checked with the files: what a format wrote there is a report too.
        var standardOutput: ReportOutput?

        /// Closes every report file of the formats that do not show the verdict (a format
        /// that does not close its own, as the terminal formats do not, is closed here, so
        /// that its file is put in place), says on `err` which could not be written, and
        /// returns their paths.
        func unwritten(reportingTo err: ReportOutput) -> [String] {
            Self.check(outputs, reportingTo: err) + standardOutputUnwritten(reportingTo: err)
        }

        /// The same for the files of the formats that show the verdict whose writes failed
        /// before it was decided (`VerdictReaders.prepare()`).
        func readersFailedEarly(reportingTo err: ReportOutput) -> [String] {
            let failed = (readerOutputs + lastOutputs).filter { $0.failure != nil }
            readerOutputs.removeAll { $0.failure != nil }
            lastOutputs.removeAll { $0.failure != nil }
            return Self.check(failed, reportingTo: err) + standardOutputUnwritten(reportingTo: err)
        }

        /// The same for the file of one format that shows the verdict, once it is finished
        /// (nil: it writes to standard output).
        func readerUnwritten(_ output: ReportOutput?, reportingTo err: ReportOutput) -> [String] {
            guard let output, let index = readerOutputs.firstIndex(where: { $0 === output }) else {
                return standardOutputUnwritten(reportingTo: err)
            }
            readerOutputs.remove(at: index)
            return Self.check([output], reportingTo: err) + standardOutputUnwritten(reportingTo: err)
        }

        /// Says on `err` what the run histories could not read or write.
        func tellHistories(_ err: ReportOutput) {
            for warning in htmlReports.flatMap(\.historyWarnings) { err.write("warning: --history: \(warning)\n") }
            for problem in htmlReports.compactMap(\.historyProblem) {
                err.write("warning: --history: the run's record could not be written: \(problem)\n")
            }
        }

        /// The same for the rerun files.
        func lastUnwritten(reportingTo err: ReportOutput) -> [String] {
            Self.check(lastOutputs, reportingTo: err) + standardOutputUnwritten(reportingTo: err)
        }

        /// Standard output, once, when a write to it failed (`> /dev/full`): told on `err` the
        /// first time, so that the verdict names it and the command's last check does not again.
        private func standardOutputUnwritten(reportingTo err: ReportOutput) -> [String] {
            guard let standardOutput, !standardOutput.failureTold else { return [] }
            standardOutput.flush()
            guard let failure = standardOutput.failure else { return [] }
            err.write("standard output: error: \(failure)\n")
            standardOutput.failureTold = true
            return ["standard output"]
        }

        private static func check(_ outputs: [ReportOutput], reportingTo err: ReportOutput) -> [String] {
            for output in outputs { output.close() }
            let failed = outputs.filter { $0.failure != nil }
            for output in failed { err.write("\(output.path ?? "?"): error: \(output.failure ?? "")\n") }
            return failed.map { $0.path ?? "?" }
        }
    }
    let files = Files()
    /// The formats that show the run's verdict, finished once it is decided.
    let readers = VerdictReaders()
    /// The formats that show the verdict, in the order they write it: the book first, whose
    /// whole page shows it, then those that write all the rest before (`VerdictReader`), so
    /// that a file of one that cannot be written is known to the others before they show it.
    static let verdictReaders = ["html", "junit", "json", "message", "rerun"]

    /// Once the verdict is whole (the other reports' files checked): closes the files of the
    /// formats that do not show it and adds those not written; lets the formats that show it
    /// write what does not depend on it and adds their files not written so far; then posts
    /// the verdict and lets them write it one after another, each file checked before the
    /// next reads the verdict (exit code 2 and the last lines say so; a report cannot show its
    /// own file not written, nor a write that fails only after its `prepare()` the reports
    /// finished before it). The rerun files are written last, from the verdict with every other
    /// report not written, so that their `# FAILED:` note says so; only their own files not
    /// written are added after them.
    func finish(_ verdict: inout RunVerdict, err: ReportOutput) {
        var unwritten = files.unwritten(reportingTo: err)
        readers.prepare()
        unwritten += files.readersFailedEarly(reportingTo: err)
        Self.add(unwritten, to: &verdict)
        readers.finish(with: verdict) { output in
            unwritten += files.readerUnwritten(output, reportingTo: err)
            Self.add(unwritten, to: &verdict)
            return verdict
        }
        files.tellHistories(err)
        readers.finishLast(with: verdict)
        unwritten += files.lastUnwritten(reportingTo: err)
        Self.add(unwritten, to: &verdict)
    }

    /// Makes `unwritten` (all the reports not written so far) the verdict's one problem of
    /// reports not written.
    private static func add(_ unwritten: [String], to verdict: inout RunVerdict) {
        guard !unwritten.isEmpty else { return }
        verdict.problems.removeAll { if case .reportsNotWritten = $0 { true } else { false } }
        verdict.add(.reportsNotWritten(unwritten))
    }

    /// After an interruption (`reason`, a signal) before the reports were finished: every report
    /// opened is not written, and none keeps a previous run's file at its place; each is said on
    /// `err`.
    func interrupt(because reason: String, err: ReportOutput) {
        for output in files.opened {
            output.fail("not written: \(reason)")
            output.close()
            err.write("\(output.path ?? "?"): error: \(output.failure ?? "")\n")
        }
    }

    /// After `error` (a report that could not be opened): every report of `requests` is not
    /// written, and none keeps a previous run's file at its place; each is said on `err`.
    /// Returns their paths, the one that could not be opened first.
    func abandon(_ requests: [FormatRequest], after error: OutputError, err: ReportOutput) -> [String] {
        let opened = files.opened
        for output in opened {
            output.fail("not written: another report could not be opened")
            output.close()
            err.write("\(output.path ?? "?"): error: \(output.failure ?? "")\n")
        }
        let named = Set([error.path] + opened.compactMap(\.path))
        let unopened = requests.compactMap(\.path).filter { !named.contains($0) }
        for path in unopened {
            err.write("\(path): error: not written: another report could not be opened\(ReportOutput.discard(path))\n")
        }
        return [error.path] + opened.compactMap(\.path) + unopened
    }

    /// The consumers of `requests`, after checking where they write: two formats to one place
    /// (one file, however named, or standard output or error) or a report over one of
    /// `inputs` (the files the run reads) is a usage error, before anything is opened.
    func consumers(for requests: [FormatRequest], inputs: [RunInput] = []) throws -> [any EventConsumer] {
        var consumers: [any EventConsumer] = [ledger]
        try Self.checkPlaces(of: requests, inputs: inputs)
        var verdictReaders: [(order: Int, reader: any EventConsumer, output: ReportOutput?, last: Bool)] = []
        for request in requests {
            let stream = try request.path.map { try ReportOutput.file($0, waiting: readerWait) } ?? out
            let showsVerdict = Self.verdictReaders.contains(request.name)
            let last = request.name == "rerun"
            if request.path != nil {
                if last {
                    files.lastOutputs.append(stream)
                } else if showsVerdict {
                    files.readerOutputs.append(stream)
                } else {
                    files.outputs.append(stream)
                }
            }
            if let order = Self.verdictReaders.firstIndex(of: request.name) {
                let reader = try consumer(request.name, stream)
                verdictReaders.append((order, reader, request.path == nil ? nil : stream, last))
            } else {
                consumers.append(try consumer(request.name, stream))
            }
            if request.name == "pretty" && request.path == nil && traceability.requested {
                consumers.append(
                    TraceabilityFormatter(
                        output: out, style: .terminal, context: traceability.context, palette: palette,
                        onlyWithLinks: !traceability.requested, ledger: ledger))
            }
        }
        for entry in verdictReaders.sorted(by: { $0.order < $1.order }) {
            readers.add(entry.reader, output: entry.output, last: entry.last)
        }
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            readers.add(GitHubAnnotations(output: out, ledger: ledger, verdict: readers.board))
        }
        return consumers + [readers]
    }

    /// Refuses a report over one of `inputs` (standard output or error too, when a format
    /// writes there and it is redirected to one), but by the format that may rewrite it, and
    /// two formats writing to one place.
    private static func checkPlaces(of requests: [FormatRequest], inputs: [RunInput]) throws {
        let destinations = requests.map { request in
            (request, request.path.map(ReportDestination.init) ?? .standardOutput)
        }
        // An input is an existing regular file: one stat each, and only when a report writes to one.
        var overwriting: [ReportDestination.FileIdentity: [(FormatRequest, ReportDestination)]] = [:]
        for (request, destination) in destinations {
            if let identity = destination.regularFile {
                overwriting[identity, default: []].append((request, destination))
            }
        }
        if !overwriting.isEmpty {
            for input in inputs {
                guard
                    let (request, destination) = ReportDestination.FileIdentity(input.path).flatMap({
                        overwriting[$0]?.first { $0.0.name != input.rewrittenBy }
                    })
                else { continue }
                throw UsageError(
                    message:
                        "--format \(request.name) writes to \(place(of: request, at: destination)), \(input.role); "
                        + "give the report another path")
            }
        }
        var seen: [ReportDestination.Place: (FormatRequest, ReportDestination)] = [:]
        for (request, destination) in destinations {
            let place = destination.place
            // Formats without a path are checked with the other options (one of them at most).
            if let (other, otherDestination) = seen[place], other.path != nil || request.path != nil {
                let path = request.path ?? other.path ?? ""
                let bothStreams = Set([destination, otherDestination]) == [.standardOutput, .standardError]
                let shown =
                    switch destination {
                    case _ where bothStreams:
                        "standard output and standard error (\(path)), which are one pipe or file"
                    case .standardOutput: "standard output (\(path))"
                    case .standardError: "standard error (\(path))"
                    case .descriptor, .file: request.path ?? ""
                    }
                throw UsageError(
                    message:
                        "--format \(other.name) and --format \(request.name) both write to \(shown); give each its own file"
                )
            }
            if seen[place] == nil { seen[place] = (request, destination) }
        }
        try checkStandardError(destinations)
    }

    /// Refuses a report on standard error beside one on standard output: the last lines and
    /// what the run prints (hooks, steps) then go to standard error and would be mixed into it.
    /// A format for people (`pretty`, `progress`, `summary`) may be there.
    private static func checkStandardError(_ destinations: [(FormatRequest, ReportDestination)]) throws {
        let reports = destinations.filter { !FormatRequest.forPeople.contains($0.0.name) }
        guard
            let output = reports.first(where: { $0.1 == .standardOutput }),
            let error = reports.first(where: { $0.1 == .standardError })
        else { return }
        throw UsageError(
            message:
                "--format \(output.0.name) writes to standard output and --format \(error.0.name) to standard error "
                + "(\(error.0.path ?? "")), where the last lines and what the run prints then go; "
                + "give one of them a file")
    }

    /// Where `request` writes, for an error: its path, or the stream it writes to.
    private static func place(of request: FormatRequest, at destination: ReportDestination) -> String {
        switch (request.path, destination) {
        case (nil, _): "standard output"
        case (let path?, .standardOutput): "standard output (\(path))"
        case (let path?, .standardError): "standard error (\(path))"
        case (let path?, _): path
        }
    }

    var palette: Palette {
        let environment = ProcessInfo.processInfo.environment
        if parsed.has(.noColor) || environment["NO_COLOR"].map({ !$0.isEmpty }) == true { return .none }
        if environment["SPECS_COLOR_TAGS"] == "1" { return .tags }
        return out.isTerminal ? .ansi : .none
    }

    private func consumer(_ name: String, _ stream: ReportOutput) throws -> any EventConsumer {
        let palette = stream === out ? palette : .none
        switch name {
        case "progress": return ProgressFormatter(output: stream, palette: palette, ledger: ledger)
        case "summary": return ProgressFormatter(output: stream, palette: palette, summaryOnly: true, ledger: ledger)
        case "message": return MessageFormatter(output: stream, verdict: readers.board)
        case "usage": return UsageFormatter(output: stream, ledger: ledger)
        case "rerun":
            // A file named whole anywhere is selected whole.
            let whole = Set(parsed.featurePaths.filter(\.lines.isEmpty).map(\.path))
            let selected = Dictionary(
                parsed.featurePaths.filter { !whole.contains($0.path) }.map { ($0.path, $0.lines) },
                uniquingKeysWith: { $0.union($1) })
            return RerunFormatter(
                output: stream, ledger: ledger, verdict: readers.board, dryRun: parsed.has(.dryRun),
                selectedLines: selected)
        case "junit":
            return JUnitFormatter(
                output: stream, suiteName: parsed.value(.junitSuiteName) ?? "specs", ledger: ledger,
                verdict: readers.board)
        case "json": return CucumberJSONFormatter(output: stream, ledger: ledger, verdict: readers.board)
        case "traceability":
            return TraceabilityFormatter(
                output: stream, style: .markdown, context: traceability.context, ledger: ledger)
        case "traceability-json":
            return TraceabilityFormatter(output: stream, style: .json, context: traceability.context, ledger: ledger)
        case "html":
            let report = HTMLFormatter(
                output: stream, context: traceability.context,
                language: parsed.value(.reportLanguage) ?? featuresLanguage,
                title: parsed.value(.title) ?? PackageName.current ?? "Specifications", dryRun: parsed.has(.dryRun),
                historyDirectory: parsed.value(.history), ledger: ledger, verdict: readers.board)
            files.htmlReports.append(report)
            return report
        default: return PrettyFormatter(output: stream, palette: palette, ledger: ledger)
        }
    }
}
