import Messages
import SpecsReporting
import SpecsRunner
import Traceability

/// What a run's stream is told to: every format asked for (through the one ledger), the
/// coverage gate and, with `--fail-on-unused`, the usage of the step definitions.
struct RunOutputs {
    let factory: OutputFactory
    let multiplexer: EventMultiplexer
    let gate: CoverageGate
    let usage: UsageCollector?
    /// The selection that left scenarios out (`--tags '...'`, `--name '...'`), if one did: a
    /// definition only those scenarios use is unused in this run, which the verdict's
    /// unused definitions then say.
    let selection: String?

    /// The outputs of a run; an error tells why they cannot be made (two formats writing one
    /// file, a report over a file the run reads, a report that cannot be opened), and the
    /// reports opened before it are let go. A report to a FIFO waits for its reader until
    /// `interruption` stops the run.
    init(
        parsed: ParsedArguments, out: ReportOutput, err: ReportOutput, formats: [FormatRequest],
        traceability: TraceabilityOptions,
        survey: RunSurvey, interruption: RunInterruption
    ) throws {
        var factory = OutputFactory(
            parsed: parsed, out: out, traceability: traceability,
            linksTests: survey.selection.hasTag { $0.hasPrefix(TestLink.tagPrefix) },
            featuresLanguage: HTMLFormatter.dominantLanguage(survey.languages))
        factory.readerWait = ReaderWait(
            stop: { interruption.current },
            tell: {
                err.write($0)
                err.flush()
            })
        self.factory = factory
        let selection =
            parsed.all(.tags).filter { !$0.allSatisfy(\.isWhitespace) }.map { "--tags '\($0)'" }
            + parsed.all(.name).map { "--name '\($0)'" }
        self.selection = selection.isEmpty ? nil : selection.joined(separator: " ")
        do {
            multiplexer = EventMultiplexer(
                try factory.consumers(for: formats, inputs: RunInput.all(of: parsed, features: survey.features.paths)))
        } catch let error as OutputError {
            throw OutputReportsError(cause: error, paths: factory.abandon(formats, after: error, err: err))
        } catch {
            for opened in factory.files.opened {
                opened.fail("not written: another report could not be opened")
                opened.close()
            }
            throw error
        }
        gate = CoverageGate(
            minimum: traceability.minimumCoverage, context: traceability.context, diagnostics: err,
            ledger: factory.ledger)
        multiplexer.add(gate)
        // A shard runs a share of the suite: a definition another shard's scenarios use is not
        // unused. The merge, which holds the whole suite, judges them (`specs report
        // --fail-on-unused`).
        let sharded = parsed.value(.shard) != nil
        usage = parsed.has(.failOnUnused) && !sharded ? UsageCollector(ledger: factory.ledger) : nil
        if let usage { multiplexer.add(usage) }
        if parsed.has(.failOnUnused) && sharded {
            err.write(
                "note: --fail-on-unused: a shard runs a share of the suite, so its unused step definitions are "
                    + "judged where the suite is whole: `specs report` of the shards' streams judges them "
                    + "(this run's stream asks it to)\n")
        }
    }

    /// Once the run has ended: the coverage below the minimum, the definitions no step uses
    /// (with `--fail-on-unused`) and the reports that could not be written (said on `err`);
    /// then the verdict is whole and the formats that show it write it (see `VerdictReaders`),
    /// and their own files that could not be written are added last.
    func addTheirProblems(to verdict: inout RunVerdict, err: ReportOutput) {
        if let problem = gate.problem { verdict.add(.coverage(problem)) }
        if let usage {
            let unused = usage.uses.filter(\.matches.isEmpty).map { UsageFormatter.place($0.definition) }
            if !unused.isEmpty {
                verdict.add(.unusedDefinitions(unused))
                if let selection {
                    err.write(
                        "note: --fail-on-unused judges the scenarios \(selection) selects: a step definition only "
                            + "the scenarios it leaves out use is unused in this run\n")
                }
            }
        }
        factory.finish(&verdict, err: err)
    }
}

/// A report that could not be opened, and every report of the run that is therefore not
/// written (each named in the last lines).
struct OutputReportsError: Error {
    let cause: OutputError
    let paths: [String]
}
