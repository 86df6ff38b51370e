import Foundation
import Gherkin
import Locking
import Messages
import SpecsReporting
import SpecsRunner

/// `specs gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] FILE...`:
/// the messages of each file as NDJSON, like the official gherkin tools.
enum GherkinCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput, name: String = "specs") -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, table: OptionTable.gherkin)
        } catch {
            err.write(
                "error: \(error.message)\nUSAGE: specs gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] FILE...\n"
            )
            err.flush()
            return 2
        }
        if parsed.has(.help) || parsed.positionals.isEmpty {
            let help = OptionTable.help(
                usage: "\(name) gherkin [--no-source] [--no-ast] [--no-pickles] [--predictable-ids] FILE...",
                arguments: "  FILE                              A .feature file; its messages are printed in order.",
                options: OptionTable.gherkin)
            (parsed.has(.help) ? out : err).write(help)
            out.flush()
            err.flush()
            return parsed.has(.help) ? 0 : 2
        }
        let messages = GherkinMessages(
            includeSource: !parsed.has(.noSource), includeDocument: !parsed.has(.noAst),
            includePickles: !parsed.has(.noPickles))
        let predictable = parsed.has(.predictableIds)
        // Random ids come from one seed; each file has its own share of the generator's states.
        let seed = UInt64.random(in: .min ... .max)
        var exitCode: Int32 = 0
        // Each file's lines are written into a buffer that an earlier file used: memory is
        // taken from the system once, not for every file.
        let spareBuffers = Locked<[[UInt8]]>([])
        func write(_ file: consuming FileMessages) {
            if !file.errors.isEmpty {
                err.write(file.errors)
                exitCode = 2
            }
            out.write(bytes: file.lines)
            file.lines.removeAll(keepingCapacity: true)
            spareBuffers.withLock { $0.append(file.lines) }
        }
        // Files are independent: each batch is read and parsed on every core, then written
        // in order, so the output is the same as one file after another. Predictable ids
        // go on from file to file, as the official parsers number them (ids are unique in a
        // stream): those files are parsed in turn.
        let paths = parsed.positionals
        let batch = 16 * max(1, ProcessInfo.processInfo.activeProcessorCount)
        var predictableIds = IncrementingIdGenerator()
        for start in stride(from: 0, to: paths.count, by: batch) {
            let slice = Array(paths[start..<min(start + batch, paths.count)])
            let results = Locked([FileMessages?](repeating: nil, count: slice.count))
            if predictable {
                for index in slice.indices {
                    let buffer = spareBuffers.withLock { $0.popLast() } ?? []
                    let file = FileMessages(path: slice[index], messages, ids: &predictableIds, into: buffer)
                    results.withLock { $0[index] = file }
                }
            } else {
                DispatchQueue.concurrentPerform(iterations: slice.count) { index in
                    let buffer = spareBuffers.withLock { $0.popLast() } ?? []
                    var ids = RandomIdGenerator(seed: seed, file: start + index)
                    let file = FileMessages(path: slice[index], messages, ids: &ids, into: buffer)
                    results.withLock { $0[index] = file }
                }
            }
            // Taken out one by one, so that each buffer has one owner and is kept, not copied.
            var files = results.withLock { taken in
                defer { taken = [] }
                return taken
            }
            for index in files.indices {
                guard let file = files[index].take() else { continue }
                write(file)
            }
        }
        out.flush()
        err.flush()
        return exitCode
    }
}

/// One file's messages as NDJSON lines, and the errors it showed on standard error.
private struct FileMessages: Sendable {
    var lines: [UInt8]
    var errors = ""

    /// `buffer`: an empty buffer the lines are written into.
    init(path: String, _ messages: GherkinMessages, ids: inout some IdGenerator, into buffer: [UInt8]) {
        lines = buffer
        let source: Source
        do {
            source = try SourceReader.read(path: path)
        } catch {
            // Stream readers see the file too: a parse error at the bad byte, as for any other error.
            errors = "\(error)\n"
            let location = Location(line: error.line ?? 1, column: error.column)
            NDJSON.append(
                .parseError(
                    ParseErrorMessage(
                        source: SourceReference(uri: path, location: location),
                        message: "(\(location.line):\(location.column ?? 0)): \(error.reason)")), to: &lines)
            return
        }
        for envelope in messages.envelopes(for: source, ids: &ids) {
            if case .parseError(let error) = envelope { errors += Diagnostics.render(error, source: source) }
            NDJSON.append(envelope, to: &lines)
        }
    }
}
