import Foundation
import SpecsReporting
import SpecsRunner

/// The reports of a command that ends before writing any (exit 2: a usage error, a line that
/// selects nothing, a stream that cannot be read), or that has nothing to write: the file at
/// each report's place is an earlier run's, so it is removed, as when a report cannot be
/// opened, and that is said (`removed PATH: an earlier run's report, and this run wrote
/// none`); one that cannot be removed (a read-only folder) is said to stay, an earlier run's.
/// A file the command reads (`inputs`, a feature file) is never removed.
enum StaleReports {
    /// Removes the files at the report places of arguments that do not parse, as far as they
    /// can be read (`ArgumentParser.scan`): a typo beside `--format junit:FILE` leaves no
    /// earlier run's FILE in place. `streams`: whether the positionals are streams the command
    /// reads (`specs report`) rather than feature files and rerun files.
    static func remove(ofUnparsed arguments: [String], table: [OptionSpec], streams: Bool = false, err: ReportOutput) {
        let parsed = ArgumentParser.scan(arguments, table: table) { _ in }
        let inputs =
            streams
            ? RunInput.report(of: parsed)
            : RunInput.all(of: parsed, features: parsed.positionals.map { FeaturePath(argument: $0) })
        remove(of: parsed, inputs: inputs, err: err)
    }

    /// Removes the files at the places `parsed` asks reports for, telling each on `err`.
    static func remove(of parsed: ParsedArguments, inputs: [RunInput], err: ReportOutput) {
        places(of: parsed, inputs: inputs).remove { err.write($0) }
    }

    /// The places `parsed` asks reports for, and the files the command reads there.
    static func places(of parsed: ParsedArguments, inputs: [RunInput]) -> Places {
        Places(reports: parsed.all(.format).compactMap { FormatRequest($0).path }, read: inputs.map(\.path))
    }

    /// Report places, kept to clear them later: when a run interrupted by a signal gives up
    /// on writing its reports, from a thread of its own.
    struct Places: Sendable {
        let reports: [String]
        let read: [String]

        /// Removes the regular file at each place but the files read, telling each to `say`.
        func remove(say: (String) -> Void) {
            let read = Set(self.read.compactMap { ReportDestination.FileIdentity($0) })
            for path in reports {
                guard case .file(let resolved) = ReportDestination(path), !resolved.hasSuffix(".feature") else {
                    continue
                }
                var info = stat()
                guard lstat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                    let identity = ReportDestination.FileIdentity(resolved), !read.contains(identity)
                else { continue }
                if unlink(resolved) == 0 {
                    say("removed \(path): an earlier run's report, and this run wrote none\n")
                } else {
                    say(
                        "warning: \(path) stays (it cannot be removed: \(String(cString: strerror(errno)))): "
                            + "it is an earlier run's report, and this run wrote none\n")
                }
            }
        }
    }
}
