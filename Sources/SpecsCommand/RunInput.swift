import Foundation
import SpecsReporting
import SpecsRunner

/// A file a run reads, which no report of the run may overwrite, with what it is to the run.
struct RunInput {
    let path: String
    /// What the file is, for the error naming it: `a feature file of this run`.
    let role: String
    /// The format that may rewrite it, as it is read before the run: `rerun` for a rerun file.
    var rewrittenBy: String?

    /// The feature files of a run, `specs.json` when there is one, the files of `--xunit`,
    /// `--test-output` and `--test-list`, and the rerun files (`@FILE`), which are read before
    /// the run and may be rewritten by `--format rerun` alone: `specs @rerun.txt --format
    /// rerun:rerun.txt`. (`--shard-durations` is read before the run too, and may be rewritten.)
    static func all(of parsed: ParsedArguments, features: [FeaturePath]) -> [RunInput] {
        features.map { RunInput(path: $0.path, role: "a feature file of this run") }
            + [RunInput(path: ProjectConfiguration.fileName, role: "the run's configuration")]
            + [Option.xunit, .testOutput, .testList].flatMap { option in
                parsed.all(option).map { RunInput(path: $0, role: "a file \(option.name) reads") }
            }
            + parsed.positionals.filter { $0.hasPrefix("@") && $0.count > 1 }.map {
                RunInput(path: String($0.dropFirst()), role: "the rerun file this run reads", rewrittenBy: "rerun")
            }
    }

    /// What `specs report` reads: its message streams, `specs.json` when there is one, and the
    /// files of `--xunit`, `--test-output` and `--test-list`; and, among the places its reports
    /// would be written, any feature file (the streams name the feature files, but a merge
    /// removes earlier reports before it reads them): none of them is a report's place.
    static func report(of parsed: ParsedArguments) -> [RunInput] {
        parsed.positionals.map { RunInput(path: $0, role: "a message stream specs report reads") }
            + [RunInput(path: ProjectConfiguration.fileName, role: "the project's configuration")]
            + [Option.xunit, .testOutput, .testList].flatMap { option in
                parsed.all(option).map { RunInput(path: $0, role: "a file \(option.name) reads") }
            }
            + (parsed.all(.format).compactMap { FormatRequest($0).path } + redirectedStreams)
            .filter(Self.leadsToAFeatureFile).map { RunInput(path: $0, role: "a feature file") }
    }

    /// The files standard output and error are redirected to (`>> F/a.feature`), by path,
    /// where the system tells it.
    private static var redirectedStreams: [String] {
        [STDOUT_FILENO, STDERR_FILENO].compactMap { descriptor in
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            #if os(Linux)
                return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            #else
                var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
                guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
                return String(cString: buffer)
            #endif
        }
    }

    /// Whether a report's place is a `.feature` file, or a link that leads to one.
    private static func leadsToAFeatureFile(_ path: String) -> Bool {
        if path.hasSuffix(".feature") { return true }
        guard case .file(let resolved) = ReportDestination(path) else { return false }
        return resolved.hasSuffix(".feature")
    }
}
