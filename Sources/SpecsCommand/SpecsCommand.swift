import Foundation
import Gherkin
import Messages
import SpecsLanguageServer
import SpecsReporting
import SpecsRunner
import TagExpressions

/// The `specs` command: runs feature files with a registry's step definitions.
/// A package's own runner executable is one line:
///
///     exit(await SpecsCommand.main(registry: MySteps.registry()))
public enum SpecsCommand {
    /// Runs with the process's arguments; returns the exit code.
    public static func main<World: AnyObject>(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        registry: @autoclosure () -> StepRegistry<World>
    ) async -> Int32 {
        // Before anything else allocates: the cap holds for threads that get an arena later.
        if supervisesWorkers(arguments) { MallocArenas.limit(to: 2) }
        // The main queue's wake-up handle, which libdispatch makes when work first comes to the
        // main actor, is made now, while descriptors are free: made at the end of a run under a
        // low limit of open files, libdispatch traps (SIGILL) instead of failing.
        await MainActor.run {}
        let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "specs").lastPathComponent
        if let workerId = ProcessInfo.processInfo.environment[WorkerProtocol.environmentVariable] {
            // The variable is the worker's alone: a process a step starts (a runner of the team's
            // own, a nested run) is no worker.
            unsetenv(WorkerProtocol.environmentVariable)
            // A supervisor names its worker and talks to it through a pipe: set to nothing (a CI
            // variable left empty) it names none, and a terminal is no supervisor.
            if !workerId.isEmpty {
                guard isatty(STDIN_FILENO) == 0 else { return WorkerCommand.refuseOnATerminal(workerId) }
                return await WorkerCommand.run(workerId: workerId, registry: registry())
            }
        }
        // A run takes SIGINT, SIGTERM and SIGHUP in from now on: one that comes before it
        // watches them (`SignalWatch`) ends it as interrupted, not by the default action.
        if arguments.first.flatMap(Subcommand.init(rawValue:)) == nil { SignalIntake.begin() }
        // A reader that closes the pipe (`specs | head -1`) ends the output, not the run; a
        // report larger than the file size limit (`ulimit -f`) fails that report, not the run.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        let code = await run(
            arguments: arguments, registry: registry(), out: .standardOutput(), err: .standardError(), name: name,
            workerExecutable: Bundle.main.executablePath)
        // A command that ended before a run watched the signals (a usage error) ends by one it
        // took in, as the signal's default action would have ended it.
        SignalIntake.end(raisingPending: true)
        return code
    }

    /// Runs with the given arguments, writing to the given outputs; returns the exit code.
    /// `name` is the runner's executable, as its help and errors call it.
    package static func run<World: AnyObject>(
        arguments commandLine: [String], registry: @autoclosure () -> StepRegistry<World>, out: ReportOutput,
        err: ReportOutput,
        name: String = "specs", workerExecutable: String? = nil
    ) async -> Int32 {
        let code = await dispatch(
            arguments: commandLine, registry: registry(), out: out, err: err, name: name,
            workerExecutable: workerExecutable)
        return StandardOutputCheck.exitCode(code, out: out, err: err)
    }

    private static func dispatch<World: AnyObject>(
        arguments commandLine: [String], registry: @autoclosure () -> StepRegistry<World>, out: ReportOutput,
        err: ReportOutput, name: String, workerExecutable: String?
    ) async -> Int32 {
        if let subcommand = commandLine.first.flatMap(Subcommand.init(rawValue:)) {
            let rest = Array(commandLine.dropFirst())
            switch subcommand {
            case .gherkin: return GherkinCommand.run(rest, out: out, err: err, name: name)
            case .lsp: return LanguageServer(registry: registry()).run()
            case .format: return FormatCommand.run(rest, out: out, err: err, name: name)
            case .lint: return LintCommand.run(rest, out: out, err: err, name: name)
            case .report: return ReportCommand.run(rest, out: out, err: err, name: name)
            }
        }
        let arguments: [String]
        let tagsOrigin: String
        do {
            let configuration = try ProjectConfiguration.load()
            arguments = try ProfileArguments.arguments(commandLine, configuration: configuration)
            tagsOrigin = ProfileArguments.tagsOrigin(commandLine, configuration: configuration)
            if let replaced = ProfileArguments.tagsReplacedByNothing(commandLine, configuration: configuration) {
                let place = ProfileArguments.configurationPlace(profile: ProfileArguments.profile(in: commandLine))
                err.write("note: --tags '' selects every scenario, in place of the tags of \(place) ('\(replaced)')\n")
            }
        } catch {
            err.write("\(error)\n")
            // The reports the file names too, when it reads: its error may be in another option.
            let fileFormats = ProfileArguments.formatArguments(
                commandLine, configuration: (try? ProjectConfiguration.load()) ?? nil)
            StaleReports.remove(ofUnparsed: fileFormats + commandLine, table: OptionTable.run, err: err)
            return 2
        }
        guard let parsed = ArgumentParser.parse(arguments, table: OptionTable.run, command: name, err: err) else {
            StaleReports.remove(ofUnparsed: arguments, table: OptionTable.run, err: err)
            return 2
        }
        if parsed.has(.help) {
            out.write(help(name))
            return 0
        }
        if parsed.has(.version) {
            out.write("\(name) (specs \(SpecsVersion.current))\n")
            return 0
        }
        if parsed.has(.i18nLanguages) {
            out.write(I18nCommand.languages())
            return 0
        }
        if let language = parsed.value(.i18nKeywords) {
            guard let text = I18nCommand.keywords(language) else {
                err.write("error: Language not supported: \(language). Run '\(name) --i18n-languages' for the list.\n")
                return 2
            }
            out.write(text)
            return 0
        }
        // SPECS_TAGS selects the scenario tests of `swift test`; a run that seemed to take it
        // would have run more than asked without a word.
        if let tags = ProcessInfo.processInfo.environment["SPECS_TAGS"], !tags.isEmpty {
            err.write(
                "note: SPECS_TAGS='\(tags)' selects the scenario tests of `swift test`; \(name) does not read it "
                    + "(select with --tags)\n")
        }
        if let profile = ProcessInfo.processInfo.environment["SPECS_PROFILE"], !profile.isEmpty {
            err.write(
                "note: SPECS_PROFILE='\(profile)' chooses the profile of `swift test`'s scenario tests; \(name) does "
                    + "not read it (choose with --profile \(profile))\n")
        }
        return await RunCommand(
            parsed: parsed.readingRerunFiles(), out: out, err: err, workerExecutable: workerExecutable,
            tagsOrigin: tagsOrigin
        )
        .run(registry: registry())
    }

    /// The commands named by the first argument; any other first argument is a run's.
    enum Subcommand: String, CaseIterable {
        case gherkin, lsp, format, lint, report
    }

    /// Whether `arguments` start a run on worker processes (or are a worker's, which are the
    /// same): not a subcommand, not `--in-process`.
    static func supervisesWorkers(_ arguments: [String]) -> Bool {
        arguments.first.flatMap(Subcommand.init(rawValue:)) == nil && !arguments.contains(Option.inProcess.name)
    }

    static func help(_ name: String) -> String {
        OptionTable.help(
            usage:
                "\(name) [PATH[:LINE]...] [options]\n       \(name) gherkin [options] FILE...\n       \(name) report [options] MESSAGES.ndjson...\n       \(name) format [--check] PATH...\n       \(name) lint PATH...\n       \(name) lsp   (the Language Server Protocol on standard input and output)",
            arguments: """
                  PATH[:LINE]                       Feature files or directories (recursive); :LINE picks one scenario
                                                    or example row. Default: Features/
                """,
            options: OptionTable.run,
            footer: """

                Cucumber's short options: -t (--tags), -n (--name), -f (--format), -p (--profile), -d (--dry-run),
                -h (--help); --strict is how every run goes.

                EXIT CODES:
                  0  every scenario passed
                  1  a scenario failed (undefined, pending and ambiguous count), nothing was selected, or coverage
                  2  a usage, parse or definition error, or a report that could not be written
                  130, 143, 129  stopped by SIGINT, SIGTERM, SIGHUP

                """)
    }
}
