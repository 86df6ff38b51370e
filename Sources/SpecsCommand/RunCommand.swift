import Foundation
import Gherkin
import Messages
import SpecsReporting
import SpecsRunner
import TagExpressions
import Traceability

/// `specs [PATH[:LINE]...] [options]`: load, run, report, and a verdict that the last
/// lines and the exit code agree on.
struct RunCommand {
    let parsed: ParsedArguments
    let out: ReportOutput
    let err: ReportOutput
    /// This runner's executable, to start workers with; nil runs in process.
    var workerExecutable: String?
    /// Where the run's tags come from, as its messages name them (`ProfileArguments.tagsOrigin`).
    var tagsOrigin = Option.tags.name

    func run<World: AnyObject>(registry: StepRegistry<World>) async -> Int32 {
        guard let (readOptions, formats, traceability) = readOptions() else { return removingReports() }
        var options = readOptions
        for problem in registry.problems { err.write("\(problem)\n") }
        options.refusesBrokenDefinitions = true
        options.runHookOutputToStandardError =
            formats.contains(where: \.writesToStandardOutput) && !FormatRequest.humanOnStdout(formats)
        let interruption = RunInterruption()
        options.interruption = interruption
        let reportPlaces = StaleReports.places(
            of: parsed, inputs: RunInput.all(of: parsed, features: parsed.featurePaths))
        let signals = SignalWatch(
            interruption, inProcess: workerExecutable == nil || parsed.has(.inProcess), reports: reportPlaces)
        defer { signals.stop() }
        if let workerExecutable, !parsed.has(.inProcess) {
            // Workers are this executable started again as it was: a custom runner's own main
            // (which may read its arguments before specs does) runs in them too.
            options.isolation = .workers(
                executable: workerExecutable, arguments: Array(CommandLine.arguments.dropFirst()))
        }
        let untrusted = parsed.namedRerunFiles.filter { $0.untrusted != nil }
        guard untrusted.isEmpty else {
            for file in untrusted { err.write("\(file.path): error: \(file.untrusted ?? "")\n") }
            return removingReports()
        }
        // A rerun file whose run failed for a reason its places do not cover refuses the run,
        // named alone or beside others (one a shard each): what it left out runs nowhere else.
        let failedBeyondPlaces = parsed.namedRerunFiles.filter { $0.failure != nil }
        guard failedBeyondPlaces.isEmpty else {
            for file in failedBeyondPlaces {
                let what =
                    file.places.isEmpty
                    ? "lists no scenario, but the run that wrote it failed"
                    : "the run that wrote it failed for a reason the places it lists do not cover"
                err.write("\(file.path): error: \(what) (\(file.failure ?? "")): run the suite again\n")
            }
            return removingReports(exit: 1)
        }
        if !parsed.emptyRerunFiles.isEmpty && parsed.featurePaths.isEmpty {
            let files = parsed.emptyRerunFiles.map(\.path).joined(separator: ", ")
            out.write("\(files) lists no scenario (the run that wrote it had no failure): nothing to run\n")
            _ = removingReports(exit: 0)
            out.write(VerdictText.render(RunVerdict(scenarios: [:], problems: []), palette: .none))
            return 0
        }
        let misnamed = parsed.featurePaths.compactMap(PathLookalike.problem)
        guard misnamed.isEmpty else {
            for problem in misnamed { err.write("\(problem)\n") }
            return removingReports()
        }
        let (files, pathProblems) = FeatureLoader.discover(parsed.featurePaths)
        for problem in pathProblems { err.write("\(problem)\n") }
        if pathProblems.contains(where: \.isMisuse) { return removingReports() }
        // Every file is parsed twice, each time for a reason:
        // 1. by the survey, before the run, for what must be told before anything runs (parse
        //    errors, unknown tags, lines that select nothing, the report's language), keeping
        //    nothing; it parses a window of files at once on every processor, and tells them
        //    in order;
        // 2. by the run's batches (`RunBatchMaker`), which hold at most two batches of files
        //    at once: keeping every document from the survey would make a run's memory grow
        //    with the suite instead of staying flat.
        // A worker process parses nothing: it is sent each test case's plan.
        let survey = RunSurvey(
            files, tags: options.tags, tagsOrigin: tagsOrigin, definedStep: registry.definesStep, err: err)
        for twice in registry.registeredTwice {
            err.write(
                "\(twice.location.place): warning: '\(twice.expression)' is registered twice, first at \(twice.first.place): "
                    + "every step it matches is ambiguous; keep one\n")
        }
        // A hook whose tag the features write in other Unicode runs for none of them, silently.
        for hook in registry.hookTags {
            for tag in Set(survey.selection.tagsInOtherUnicode(hook.tags)).sorted() {
                err.write(
                    "\(hook.location.place): warning: the hook's tag \(tag) is written alike in other Unicode (composed or "
                        + "decomposed accents) by the feature files, so the hook runs for none of their scenarios: "
                        + "write it as the feature files do\n")
            }
        }
        let emptySelectionHint = survey.selection.emptySelectionHint(
            files: files, paths: parsed.featurePaths, names: options.names, tagsAsWritten: options.tagsAsWritten)
        err.flush()
        guard survey.selection.lineErrors.isEmpty else { return removingReports(features: survey.features.paths) }
        let outputs: RunOutputs
        do {
            outputs = try RunOutputs(
                parsed: parsed, out: out, err: err, formats: formats, traceability: traceability, survey: survey,
                interruption: interruption)
        } catch let error as OutputReportsError {
            // A report that cannot even be opened (a folder in its place, no descriptor left, a
            // FIFO no process read before SIGINT or SIGTERM): nothing runs, no report is written
            // (each one's previous file is removed, so that none is taken for this run's), and
            // the last lines say why and what did not run.
            err.write("\(error.cause)\n")
            var verdict = RunVerdict(scenarios: [:], problems: [])
            if let signal = interruption.current { verdict.add(.interrupted(signal: signal)) }
            verdict.add(.reportsNotWritten(error.paths))
            let unfiltered =
                options.tags.tagNames.isEmpty && options.names.isEmpty && options.shard == nil
                && parsed.featurePaths.allSatisfy(\.lines.isEmpty)
            if unfiltered, survey.selection.pickleCount > 0 {
                verdict.add(.notRun(count: survey.selection.pickleCount))
            }
            (FormatRequest.humanOnStdout(formats) && out.failure == nil ? out : err).write(
                VerdictText.render(verdict, palette: .none))
            out.flush()
            return interruption.current.map { 128 + (SignalWatch.number($0) ?? 2) } ?? 2
        } catch {
            // The reports' places themselves are wrong (two reports to one file, a report over a
            // file the run reads): what is there is left as it is.
            err.write("error: \(error)\n")
            return 2
        }
        // A run ended past every handler (SIGKILL, a CI's hard timeout, a step that crashes the
        // runner in process) can remove nothing at its end: the earlier run's reports go now, so
        // that none is left to be taken for this run's (they are written anew at its end).
        reportPlaces.remove(say: { _ in })
        RunExitGuard.arm(inProcess: options.isolation == .inProcess, reports: reportPlaces)
        let summary = await Runner(registry: registry, options: options).run(survey.features, to: outputs.multiplexer)
        RunExitGuard.disarm()
        // A file the survey read and the run could not (no descriptor left) is told here; the
        // errors of a file the survey could not parse were all told by it.
        for error in outputs.factory.ledger.parseErrors where !survey.unparsableFiles.contains(error.source.uri ?? "") {
            err.write(Diagnostics.render(error, source: nil))
        }

        if let fewer = summary.fewerWorkers { err.write("warning: \(fewer)\n") }
        // The run's verdict, with what only the command knows added to it.
        var verdict = summary.verdict
        verdict.dryRun = options.dryRun
        if !pathProblems.isEmpty { verdict.add(.unusablePaths(pathProblems.map(\.path))) }
        if let shard = options.shard, summary.selected == 0, summary.suite.count > 0 {
            // The suite selected scenarios and this shard's share is none (more shards than
            // scenarios): nothing of its share is left unrun; the merge checks the whole.
            err.write(
                "warning: shard \(shard.index)/\(shard.count) holds "
                    + (summary.suite.count == 1
                        ? "not the suite's one selected scenario"
                        : "none of the suite's \(summary.suite.count) selected scenarios")
                    + " (more shards than scenarios)\n")
        } else if summary.selected == 0 && summary.definitionProblems == 0 && !survey.explainsAnEmptySelection {
            verdict.add(.nothingSelected(hint: emptySelectionHint))
        }
        outputs.addTheirProblems(to: &verdict, err: err)
        signals.takeIn()
        if summary.interrupted == nil, let late = interruption.current {
            // The verdict was decided with every scenario ended, and every report tells it.
            err.write("note: \(late) came after the last scenario had ended: the run's verdict stands\n")
        }
        // What was said above comes before the verdict, whichever stream that goes to: the last line.
        err.flush()
        let humanOnStdout = FormatRequest.humanOnStdout(formats)
        (humanOnStdout && out.failure == nil ? out : err).write(
            VerdictText.render(verdict, palette: humanOnStdout ? outputs.factory.palette : .none))
        out.flush()
        if let signal = summary.interrupted { return 128 + (SignalWatch.number(signal) ?? 2) }
        return verdict.exitCode
    }

    /// The exit code (2 unless given) of a run that ends before writing any report: the files
    /// at the reports' places, earlier runs', are removed (`StaleReports`); `features`: those
    /// the run reads, kept.
    private func removingReports(exit code: Int32 = 2, features: [FeaturePath] = []) -> Int32 {
        StaleReports.remove(of: parsed, inputs: RunInput.all(of: parsed, features: features), err: err)
        return code
    }

    /// The run's options, formats and traceability settings, with their warnings told; nil
    /// after telling what is wrong with them.
    private func readOptions() -> (RunOptions, [FormatRequest], TraceabilityOptions)? {
        do {
            let options = try runOptions()
            let formats = try formatRequests()
            let traceability = try TraceabilityOptions(parsed)
            for warning in traceability.warnings { err.write("warning: \(warning)\n") }
            if parsed.value(.order) == "random", case .random(let seed) = options.order {
                err.write("Running scenarios in random order; repeat it with --order random:\(seed)\n")
            }
            return (options, formats, traceability)
        } catch {
            err.write("error: \(error)\n")
            return nil
        }
    }

    func runOptions() throws -> RunOptions {
        var options = RunOptions()
        // Several --tags select the scenarios each selects (as Cucumber ANDs them); one of
        // nothing but spaces (a CI variable left empty) selects every scenario, so adds nothing.
        let given = parsed.all(.tags).filter { !$0.allSatisfy(\.isWhitespace) }
        for tags in given {
            let expression: TagExpression
            do { expression = try TagExpressionParser.parse(tags) } catch {
                throw UsageError(message: "--tags: \(error.message)")
            }
            if let mistake = expression.bareNameMistake { throw UsageError(message: "--tags '\(tags)': \(mistake)") }
            options.tags = options.tags == .always ? expression : .and(options.tags, expression)
        }
        if !given.isEmpty {
            options.tagsAsWritten = given.count == 1 ? given[0] : given.map { "(\($0))" }.joined(separator: " and ")
        }
        options.names = parsed.all(.name)
        for name in options.names where (try? NSRegularExpression(pattern: name)) == nil {
            throw UsageError(message: "--name '\(name)' is not a valid regular expression")
        }
        options.dryRun = parsed.has(.dryRun)
        options.failOnUnused = parsed.has(.failOnUnused)
        options.failFast = parsed.has(.failFast)
        if let retry = parsed.value(.retry) {
            options.retry = try OptionRange.whole(retry, of: .retry, in: OptionRange.retry)
        }
        if let parallel = parsed.value(.parallel) {
            options.parallel = try OptionRange.whole(parallel, of: .parallel, in: OptionRange.parallel)
        }
        if let timeout = parsed.value(.timeout) {
            options.stepTimeout = try OptionRange.seconds(timeout)
        }
        if let order = parsed.value(.order) {
            switch order {
            case "defined": options.order = .defined
            case "reverse": options.order = .reverse
            case "random":
                // The seed is told by `run`, which the workers (who run what they are sent) never call.
                options.order = .random(seed: UInt64.random(in: 0...UInt64(UInt32.max)))
            default:
                guard order.hasPrefix("random:"), let seed = UInt64(order.dropFirst("random:".count)) else {
                    throw UsageError(
                        message:
                            "--order takes defined, reverse, random or random:<seed> (a whole number from 0 to \(UInt64.max)), not '\(order)'"
                    )
                }
                options.order = .random(seed: seed)
            }
        }
        if parsed.value(.shard) == "auto" {
            options.shard = try CIShard.shard(in: ProcessInfo.processInfo.environment)
        } else if let shard = parsed.value(.shard) {
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard parts.count == 2, OptionRange.shards.contains(parts[1]), (1...parts[1]).contains(parts[0]) else {
                throw UsageError(
                    message: "--shard takes i/n with 1 <= i <= n <= \(OptionRange.shards.upperBound), not '\(shard)'")
            }
            options.shard = (parts[0], parts[1])
        }
        if !parsed.all(.shardDurations).isEmpty {
            guard options.shard != nil else {
                throw UsageError(message: "--shard-durations balances --shard: give --shard i/n or auto too")
            }
            options.shardDurations = try ShardDurations.read(parsed.all(.shardDurations)) { err.write($0) }
        }
        return options
    }

    private func formatRequests() throws -> [FormatRequest] {
        let requests = parsed.all(.format).map(FormatRequest.init)
        try Self.check(requests)
        let toStdout = requests.filter { $0.path == nil }
        if toStdout.count > 1 {
            throw UsageError(
                message: "only one format can write to standard output; give the others a path (--format name:path)")
        }
        return requests.contains(where: \.writesToStandardOutput) ? requests : [FormatRequest("pretty")] + requests
    }

    /// Refuses a format no one knows (naming the nearest) and a place that cannot be one.
    static func check(_ requests: [FormatRequest]) throws {
        try FormatRequest.checkPaths(requests)
        for request in requests where !FormatRequest.known.contains(request.name) {
            var message = "unknown format '\(request.name)'"
            if let suggestion = ArgumentParser.suggestion(for: request.name, among: FormatRequest.known) {
                message += ". Did you mean '\(suggestion)'?"
            }
            throw UsageError(message: message)
        }
    }
}
