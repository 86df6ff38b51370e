import Foundation
import Gherkin
import Messages
import SpecsReporting
import SpecsRunner

/// `specs format [--check] PATH...`: lays feature files out as the official pretty printer
/// does (see `FeatureFormatter`). `--check` changes nothing and lists the files that would
/// change (exit 1); a file that does not parse, or whose meaning formatting would change,
/// is left as it is and reported (exit 2).
enum FormatCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput, name: String) -> Int32 {
        guard
            let parsed = ArgumentParser.parse(
                arguments, table: OptionTable.format, command: "\(name) format", err: err)?
                .readingRerunFiles()
        else { return 2 }
        if parsed.has(.help) {
            out.write(
                OptionTable.help(
                    usage: "\(name) format [--check] PATH...",
                    arguments:
                        "  PATH                              Feature files or directories (recursive). Default: Features/",
                    options: OptionTable.format))
            return 0
        }
        let check = parsed.has(.check)
        let project: ProjectConfiguration?
        do { project = try ProjectConfiguration.load() } catch {
            err.write("\(error)\n")
            return 2
        }
        let (files, problems) = FeatureLoader.discover(parsed.featurePaths)
        for problem in problems { err.write("\(problem)\n") }
        // A folder without feature files is no formatted one: `--check` that looked at nothing fails.
        if files.isEmpty && problems.isEmpty {
            err.write(
                "error: \(NoFeatureFile.words(parsed.featurePaths)): nothing was \(check ? "checked" : "formatted")\n")
            return 1
        }
        // SIGINT, SIGTERM and SIGHUP stop it between two files: none is left half written, and no
        // partial file is left beside one.
        SignalIntake.begin()
        defer { SignalIntake.end(raisingPending: false) }
        var changed: [String] = []
        var unwritten = 0
        var refused = 0
        var unread = 0
        var broken = !problems.isEmpty
        for file in files {
            if let signal = SignalIntake.received().first {
                err.write(
                    closingLine(
                        files: files.count, changed: changed.count, unwritten: unwritten, unread: unread,
                        refused: refused, check: check)
                        + "stopped by \(signal): the files after these were not looked at\n")
                return 128 + (SignalWatch.number(signal) ?? 2)
            }
            let source: Source
            let encoding: SourceEncoding
            do { (source, encoding) = try SourceReader.readWithEncoding(path: file.path) } catch {
                err.write("\(error)\n")
                broken = true
                unread += 1
                continue
            }
            var ids = IncrementingIdGenerator()
            let document: GherkinDocument
            do { document = try Parser().parse(source.data, uri: file.path, ids: &ids) } catch {
                for parseError in error.errors {
                    err.write(
                        Diagnostics.render(
                            ParseErrorMessage(
                                source: SourceReference(uri: file.path, location: parseError.location),
                                message: parseError.description), source: source))
                }
                broken = true
                unread += 1
                continue
            }
            // The byte order mark and encoding are written back as they were read.
            // Indented as the file's package says, wherever the command runs.
            let indentation: String
            do { indentation = try FormatIndentation.indentation(file: file.path, project: project) } catch {
                err.write("\(error)\n")
                broken = true
                unread += 1
                continue
            }
            let formatter = FeatureFormatter(indentation: indentation)
            let formatted: String
            do { formatted = try formatter.checkedFormat(document, source: source.data) } catch {
                // The formatter refuses to change what a line means: the file stays as it is.
                let column = error.location.column ?? 1
                err.write("\(file.path):\(error.location.line):\(column): error: \(error)\n")
                broken = true
                refused += 1
                continue
            }
            // Compared byte for byte: a text in another Unicode normalization is another text.
            guard !formatted.utf8.elementsEqual(source.data.utf8) else { continue }
            guard let bytes = encoding.encode(formatted) else {
                err.write("\(file.path): error: the formatted text cannot be written in \(encoding.name)\n")
                broken = true
                unwritten += 1
                continue
            }
            changed.append(file.path)
            if check {
                out.write("\(file.path)\n")
            } else if let failure = write(bytes, to: file.path) {
                err.write("\(file.path): error: \(failure)\n")
                broken = true
                unwritten += 1
            }
        }
        err.write(
            closingLine(
                files: files.count, changed: changed.count, unwritten: unwritten, unread: unread, refused: refused,
                check: check))
        // A signal that came while the last file was written: it is whole, and the command ends as stopped.
        if let signal = SignalIntake.received().first {
            err.write("stopped by \(signal) as the last file was written\n")
            return 128 + (SignalWatch.number(signal) ?? 2)
        }
        if broken { return 2 }
        return check && !changed.isEmpty ? 1 : 0
    }

    /// What was done, counting only the files that were read and, without `--check`, written.
    private static func closingLine(
        files: Int, changed: Int, unwritten: Int, unread: Int, refused: Int, check: Bool
    ) -> String {
        var line: String
        if check {
            line =
                changed == 0
                ? "\(files - unread - refused) of \(files) feature file(s) already formatted"
                : "\(changed) of \(files) feature file(s) would change"
        } else {
            line = "formatted \(changed - unwritten) of \(files) feature file(s)"
            if unwritten > 0 { line += "; \(unwritten) could not be written (see the errors above)" }
        }
        if unread > 0 { line += "; \(unread) could not be read or do not parse, and were left as they are" }
        if refused > 0 { line += "; \(refused) would change meaning, and were left as they are" }
        return line + "\n"
    }

    /// Replaces a file's text by writing beside it and renaming; nil when done.
    private static func write(_ bytes: [UInt8], to path: String) -> String? {
        // A file made read-only is left so, even for a user (root) who could replace it.
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & 0o222) == 0 || access(path, W_OK) != 0 {
            return "the file is read-only (mode \(String(info.st_mode & 0o777, radix: 8))): left as it is"
        }
        let output: ReportOutput
        do { output = try ReportOutput.replacement(of: path) } catch let error as OutputError {
            return error.reason
        } catch {
            return "\(error)"
        }
        output.write(bytes: bytes)
        output.close()
        return output.failure
    }
}
