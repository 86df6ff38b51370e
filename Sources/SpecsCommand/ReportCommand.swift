import Foundation
import Locking
import Messages
import SpecsReporting
import SpecsRunner

/// `specs report [options] MESSAGES.ndjson...`: rebuilds any output (HTML, JUnit,
/// JSON, traceability, pretty) from saved message streams: from a run that died, or
/// from the shards of one suite merged into one report.
enum ReportCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput, name: String = "specs") -> Int32 {
        guard
            let parsed = ArgumentParser.parse(arguments, table: OptionTable.report, command: "\(name) report", err: err)
        else {
            StaleReports.remove(ofUnparsed: arguments, table: OptionTable.report, streams: true, err: err)
            return 2
        }
        if parsed.has(.help) || parsed.positionals.isEmpty {
            let help = OptionTable.help(
                usage: "\(name) report [options] MESSAGES.ndjson...",
                arguments:
                    "  MESSAGES.ndjson                   Message streams of runs (--format message:FILE); several are merged.",
                options: OptionTable.report)
            (parsed.has(.help) ? out : err).write(help)
            return parsed.has(.help) ? 0 : 2
        }
        // A command that ends before writing its reports leaves no earlier run's in their place.
        var removedAtStart: [String] = []
        let removingReports = { () -> Int32 in
            for line in removedAtStart { err.write(line) }
            StaleReports.remove(of: parsed, inputs: RunInput.report(of: parsed), err: err)
            return 2
        }
        do { try FormatRequest.checkPaths(parsed.all(.format).map(FormatRequest.init)) } catch {
            err.write("error: \(error)\n")
            return removingReports()
        }
        // A merge ended past every handler (SIGKILL, the out-of-memory killer) or by a signal
        // while it waits on a FIFO can remove nothing at its end: the earlier merge's reports go
        // now, as a run's do (said when it ends without writing any), and are written anew.
        StaleReports.places(of: parsed, inputs: RunInput.report(of: parsed)).remove {
            removedAtStart.append($0)
        }
        // SIGINT, SIGTERM and SIGHUP end the merge where it stands, with no report written nor an
        // earlier one left in place (one after the reports are finished leaves them, as for a run).
        SignalIntake.begin()
        defer { SignalIntake.end(raisingPending: false) }
        // The first signal taken in, kept: a report's wait for a FIFO's reader stops on it too.
        let signalled = Locked<String?>(nil)
        let pendingSignal = { () -> String? in
            signalled.withLock { first in
                if first == nil { first = SignalIntake.received().first }
                return first
            }
        }
        let signalCode = { () -> Int32? in
            pendingSignal().flatMap { name in SignalIntake.taken.first { $0.name == name }.map { 128 + $0.number } }
        }
        let interruption = { () -> Int32? in
            guard let code = signalCode(), let name = pendingSignal() else { return nil }
            err.write("\(name): the merge was interrupted before its reports were written\n")
            return code
        }
        if Self.refusesUnfinishedWrites(parsed.positionals, err: err) { return removingReports() }
        if Self.refusesNamedTwice(parsed.positionals, err: err) { return removingReports() }
        var streams: [[Envelope]] = []
        for path in parsed.positionals {
            guard let data = InputFile.contents(atPath: path) else {
                err.write("\(path): error: \(InputFile.whyUnreadable(path))\n")
                return removingReports()
            }
            do {
                let reading = try NDJSON.read(String(decoding: data, as: UTF8.self), uri: path)
                if !reading.unknownTypes.isEmpty {
                    err.write(
                        "warning: \(path): skipped message types this version does not know: "
                            + "\(reading.unknownTypes.joined(separator: ", "))\n")
                }
                if let line = reading.cutOffAtLine {
                    err.write(
                        "\(path):\(line): warning: the stream is cut off in the middle of this line (did its run die while "
                            + "writing it?); every line before it is read, and the report fails as incomplete\n")
                }
                streams.append(reading.envelopes)
                if let code = interruption() {
                    _ = removingReports()
                    return code
                }
            } catch {
                err.write("\((error as? NDJSONError)?.placed(in: data).description ?? "\(error)")\n")
                return removingReports()
            }
        }
        let allowUnchecked = parsed.has(.allowUncheckedStreams)
        let shardCheck = ShardCheck(
            zip(parsed.positionals, streams).map { (path: $0, envelopes: $1) }, allowingUnchecked: allowUnchecked)
        for warning in shardCheck.warnings { err.write("warning: \(warning)\n") }
        if !shardCheck.unchecked.isEmpty && allowUnchecked {
            err.write(
                "warning: \(shardCheck.unchecked.joined(separator: ", ")): no run metadata (another tool's stream, or an "
                    + "older specs'): reported unchecked (--allow-unchecked-streams); scenarios it should hold and "
                    + "does not are not known\n")
        }
        let envelopes = StreamMerger.merge(streams)
        let consumers: [any EventConsumer]
        let traceability: TraceabilityOptions
        let ledger: RunLedger
        var factory: OutputFactory
        var requests = parsed.all(.format).map(FormatRequest.init)
        if !requests.contains(where: \.writesToStandardOutput) { requests.insert(FormatRequest("summary"), at: 0) }
        do {
            traceability = try TraceabilityOptions(parsed)
            for warning in traceability.warnings { err.write("warning: \(warning)\n") }
        } catch {
            err.write("error: \(error)\n")
            return removingReports()
        }
        factory = OutputFactory(parsed: parsed, out: out, traceability: traceability)
        factory.readerWait = ReaderWait(
            stop: pendingSignal,
            tell: {
                err.write($0)
                err.flush()
            })
        do {
            consumers = try factory.consumers(for: requests, inputs: RunInput.report(of: parsed))
            ledger = factory.ledger
        } catch let error as OutputError {
            // As for a run: nothing is merged, no report is written nor left as another run's.
            err.write("\(error)\n")
            var verdict = RunVerdict(scenarios: [:], problems: [])
            verdict.add(.reportsNotWritten(factory.abandon(requests, after: error, err: err)))
            for line in removedAtStart { err.write(line) }
            // A signal that stopped a wait for a FIFO's reader ends the command with its code.
            if let code = signalCode() { return code }
            (FormatRequest.humanOnStdout(requests) && out.failure == nil ? out : err).write(
                VerdictText.render(verdict, palette: .none))
            out.flush()
            return 2
        } catch {
            // The reports' places themselves are wrong: what is there is left as it is.
            err.write("error: \(error)\n")
            return 2
        }
        let multiplexer = EventMultiplexer(consumers)
        let gate = CoverageGate(
            minimum: traceability.minimumCoverage, context: traceability.context, diagnostics: err, ledger: ledger)
        multiplexer.add(gate)
        // The definitions no scenario of the merged suite uses (each shard leaves them to the merge).
        // Asked on the command line, or by a shard that left them to the merge (its specs.json's).
        let usage =
            parsed.has(.failOnUnused) || shardCheck.unusedDefinitionsAsked ? UsageCollector(ledger: ledger) : nil
        if let usage { multiplexer.add(usage) }
        ledger.scenariosInNoStream = shardCheck.scenariosInNoStream
        ledger.scenariosOnlyMatched = shardCheck.scenariosOnlyMatched
        ledger.shardTimes = shardCheck.shardTimes
        for envelope in envelopes { multiplexer.consume(envelope) }
        if let code = interruption() {
            factory.interrupt(because: "the merge was interrupted", err: err)
            return code
        }
        for error in ledger.parseErrors {
            err.write(Diagnostics.render(error, source: error.source.uri.flatMap { ledger.sources[$0] }))
        }
        // The formats that do not show the verdict end first; the verdict is then whole (see
        // `VerdictReaders`), and the formats that show it write it.
        multiplexer.finish()
        var verdict = Self.verdict(ledger, gate: gate)
        if let usage {
            let unused = usage.uses.filter(\.matches.isEmpty).map { UsageFormatter.place($0.definition) }
            if !unused.isEmpty { verdict.add(.unusedDefinitions(unused)) }
        }
        if !shardCheck.problems.isEmpty { verdict.add(.notOneRun(shardCheck.problems)) }
        // A run whose workers could not start says why, as the run's own last lines did.
        for reason in shardCheck.workersNotStarted { verdict.add(.workersNotStarted(reason)) }
        if verdict.passed && !shardCheck.failedRuns.isEmpty {
            verdict.add(
                .notOneRun(
                    shardCheck.failedRuns.map { "\($0): its run says it did not pass (testRunFinished success false)" })
            )
        }
        for id in ledger.result.unfinished {
            guard let result = ledger.scenarioResult(testCaseId: id) else { continue }
            err.write("\(result.location): error: '\(result.pickle.name)' started and never finished in the stream\n")
        }
        factory.finish(&verdict, err: err)
        let humanOnStdout = FormatRequest.humanOnStdout(requests)
        (humanOnStdout && out.failure == nil ? out : err).write(VerdictText.render(verdict, palette: .none))
        out.flush()
        return verdict.exitCode
    }

    /// Whether a pipe, a FIFO or a device is named twice, by the same path or another
    /// (`/dev/stdin` twice, `rf` and `./rf`): the same device and inode. It is read once, so its
    /// second name would read as a stream cut off; each such name is told, and nothing is
    /// reported. (A file named twice is read twice, and the merge fails as a shard given twice.)
    private static func refusesNamedTwice(_ paths: [String], err: ReportOutput) -> Bool {
        var first: [String: String] = [:]
        var refused = false
        for path in paths where InputFile.isStream(atPath: path) {
            guard let identity = FeatureLoader.identity(of: path) else { continue }
            guard let earlier = first[identity] else {
                first[identity] = path
                continue
            }
            refused = true
            err.write(
                (earlier == path
                    ? "\(path): error: the stream is named twice"
                    : "\(path): error: the same stream as \(earlier), named again")
                    + " (it can be read once): name it once\n")
        }
        return refused
    }

    /// Whether a stream is an earlier run's because a run writing it in its place was killed
    /// before its end or is writing it now (`UnfinishedWrite`), as `specs @FILE` judges a rerun
    /// file: each such stream is named with its partial file, and nothing is reported.
    private static func refusesUnfinishedWrites(_ paths: [String], err: ReportOutput) -> Bool {
        var refused = false
        for path in paths {
            guard let write = UnfinishedWrite(beside: path) else { continue }
            refused = true
            if write.writing, let pid = write.writer {
                let said = write.fileExists ? "this is an earlier run's" : "there is no finished stream yet"
                err.write(
                    "\(path): error: a run (process \(pid)) is writing a newer stream in its place now "
                        + "(\(write.partial)), so \(said): wait for its end, then report again\n")
                continue
            }
            let said = write.fileExists ? "so it is an earlier run's stream" : "so there is no finished stream"
            err.write(
                "\(path): error: the run that was writing this stream did not finish (\(write.partial) is left "
                    + "beside it), \(said): run again (\(write.partial) holds what the unfinished run wrote)\n")
        }
        return refused
    }

    /// The verdict of saved streams, read as the run's own.
    static func verdict(_ ledger: RunLedger, gate: CoverageGate) -> RunVerdict {
        var verdict = RunVerdict(ledger.result)
        if let problem = gate.problem { verdict.add(.coverage(problem)) }
        return verdict
    }
}
