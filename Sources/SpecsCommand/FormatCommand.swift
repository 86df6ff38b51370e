import Foundation
import Gherkin
import Messages
import SpecsReporting
import SpecsRunner

/// `specs format [--check] PATH...`: lays feature files out as the official pretty printer
/// does (see `FeatureFormatter`). `--check` changes nothing and lists the files that would
/// change (exit 1); a file that does not parse is left as it is and reported (exit 2).
enum FormatCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput, name: String) -> Int32 {
        guard let parsed = ArgumentParser.parse(arguments, table: OptionTable.format, command: "\(name) format", err: err) else { return 2 }
        if parsed.has("--help") {
            out.write(OptionTable.help(
                usage: "\(name) format [--check] PATH...",
                arguments: "  PATH                              Feature files or directories (recursive). Default: Features/",
                options: OptionTable.format))
            return 0
        }
        let check = parsed.has("--check")
        let (files, problems) = FeatureLoader.discover(parsed.featurePaths)
        for problem in problems { err.write("\(problem)\n") }
        var changed: [String] = []
        var broken = !problems.isEmpty
        for file in files {
            let source: Source
            do { source = try SourceReader.read(path: file.path) } catch {
                err.write("\(error)\n")
                broken = true
                continue
            }
            var ids = IncrementingIdGenerator()
            let document: GherkinDocument
            do { document = try Parser().parse(source.data, uri: file.path, ids: &ids) } catch {
                for parseError in error.errors {
                    err.write(Diagnostics.render(ParseErrorMessage(
                        source: SourceReference(uri: file.path, location: parseError.location), message: parseError.description), source: source))
                }
                broken = true
                continue
            }
            let formatted = FeatureFormatter().format(document)
            guard formatted != source.data else { continue }
            changed.append(file.path)
            if check {
                out.write("\(file.path)\n")
            } else if let failure = write(formatted, to: file.path) {
                err.write("\(file.path): error: \(failure)\n")
                broken = true
            }
        }
        if check {
            err.write(changed.isEmpty ? "\(files.count) feature file(s) already formatted\n" : "\(changed.count) of \(files.count) feature file(s) would change\n")
        } else {
            err.write("formatted \(changed.count) of \(files.count) feature file(s)\n")
        }
        if broken { return 2 }
        return check && !changed.isEmpty ? 1 : 0
    }

    /// Replaces a file's text by writing beside it and renaming; nil when done.
    private static func write(_ text: String, to path: String) -> String? {
        let output: ReportOutput
        do { output = try ReportOutput.file(path) } catch { return "\(error)" }
        output.write(text)
        output.close()
        return output.failure
    }
}
